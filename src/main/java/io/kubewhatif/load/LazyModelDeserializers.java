package io.kubewhatif.load;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.DeserializationConfig;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.module.SimpleDeserializers;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.EnvFromSource;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.EphemeralContainer;
import io.fabric8.kubernetes.api.model.HostAlias;
import io.fabric8.kubernetes.api.model.Lifecycle;
import io.fabric8.kubernetes.api.model.PodDNSConfig;
import io.fabric8.kubernetes.api.model.PodSecurityContext;
import io.fabric8.kubernetes.api.model.Probe;
import io.fabric8.kubernetes.api.model.SecurityContext;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeDevice;
import io.fabric8.kubernetes.api.model.VolumeMount;

import java.io.IOException;
import java.util.Set;

/**
 * Deserializers built on first use for the large parts of the Pod model that small inputs rarely have (volumes,
 * probes, environment, security contexts, container statuses). Jackson builds a type's deserializer together with
 * those of every type it can reach, under one lock, and for fabric8's Pod that is hundreds of classes and the largest
 * part of a small run's start-up. Behind these the same bean deserializers are built, the first time a document has
 * such a field, so the objects, the unknown-field reports and the error paths are those of the eager build.
 */
final class LazyModelDeserializers extends SimpleDeserializers {
    private static final long serialVersionUID = 1L;

    static final Set<Class<?>> LAZY = Set.of(Volume.class, VolumeMount.class, VolumeDevice.class, Probe.class, Lifecycle.class,
            EnvVar.class, EnvFromSource.class, SecurityContext.class, PodSecurityContext.class, EphemeralContainer.class,
            PodDNSConfig.class, HostAlias.class, ContainerStatus.class);

    /** Set while a lazy deserializer builds its delegate: the types below it are then built as usual. */
    private static final ThreadLocal<Boolean> BUILDING = new ThreadLocal<>();

    @Override
    public JsonDeserializer<?> findBeanDeserializer(JavaType type, DeserializationConfig config, BeanDescription beanDesc) {
        if (BUILDING.get() == null && LAZY.contains(type.getRawClass())) {
            return new Lazy(type);
        }
        return null;
    }

    /** Stands for a bean deserializer until a value of its type is met. Not cached by Jackson; cheap to make. */
    static final class Lazy extends JsonDeserializer<Object> {
        private final JavaType type;
        private volatile JsonDeserializer<Object> delegate;

        Lazy(JavaType type) {
            this.type = type;
        }

        private JsonDeserializer<Object> delegate(DeserializationContext ctxt) throws JsonMappingException {
            JsonDeserializer<Object> d = delegate;
            if (d == null) {
                BUILDING.set(Boolean.TRUE);
                try {
                    // Jackson caches the bean deserializer it builds here: later lazy stand-ins find it at once.
                    d = ctxt.findRootValueDeserializer(type);
                } finally {
                    BUILDING.remove();
                }
                delegate = d;
            }
            return d;
        }

        @Override
        public Object deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            return delegate(ctxt).deserialize(p, ctxt);
        }

        @Override
        public Class<?> handledType() {
            return type.getRawClass();
        }
    }
}
