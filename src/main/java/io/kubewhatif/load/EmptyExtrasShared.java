package io.kubewhatif.load;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.DeserializationConfig;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.deser.std.DelegatingDeserializer;

import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Collections;
import java.util.Map;

/**
 * Every fabric8 model object is created with its own empty {@code additionalProperties} map, the catch-all for fields
 * the model does not know. Unknown fields never reach it here (the decoder reports them instead) and nothing reads
 * it, so once an object is decoded its empty map is replaced by one shared empty map: on a 150,000-pod snapshot that
 * is two million maps, about a sixth of the heap the objects keep. A model copy (builders) gets a fresh map again.
 */
final class EmptyExtrasShared {
    private EmptyExtrasShared() {
    }

    /** The model classes' getter and setter of additionalProperties, or null for classes without them. */
    private static final ClassValue<MethodHandle[]> ACCESSORS = new ClassValue<>() {
        @Override
        protected MethodHandle[] computeValue(Class<?> type) {
            if (!type.getName().startsWith("io.fabric8.kubernetes.api.model.")) {
                return null;
            }
            try {
                MethodHandles.Lookup lookup = MethodHandles.publicLookup();
                MethodHandle get = lookup.findVirtual(type, "getAdditionalProperties", MethodType.methodType(Map.class));
                MethodHandle set = lookup.findVirtual(type, "setAdditionalProperties", MethodType.methodType(void.class, Map.class));
                return new MethodHandle[] {get, set};
            } catch (NoSuchMethodException | IllegalAccessException e) {
                return null;
            }
        }
    };

    /** Wraps the bean deserializers of fabric8 model classes that have the catch-all map. */
    static JsonDeserializer<?> wrap(DeserializationConfig config, BeanDescription desc, JsonDeserializer<?> deserializer) {
        return ACCESSORS.get(desc.getBeanClass()) == null ? deserializer : new Sharing(deserializer);
    }

    static void share(Object bean) {
        if (bean == null) {
            return;
        }
        MethodHandle[] h = ACCESSORS.get(bean.getClass());
        if (h == null) {
            return;
        }
        try {
            Map<?, ?> m = (Map<?, ?>) h[0].invoke(bean);
            if (m != null && m.isEmpty() && m != Collections.emptyMap()) {
                h[1].invoke(bean, Collections.emptyMap());
            }
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    private static final class Sharing extends DelegatingDeserializer {
        private static final long serialVersionUID = 1L;

        Sharing(JsonDeserializer<?> d) {
            super(d);
        }

        @Override
        protected JsonDeserializer<?> newDelegatingInstance(JsonDeserializer<?> newDelegatee) {
            return new Sharing(newDelegatee);
        }

        @Override
        public Object deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            Object bean = super.deserialize(p, ctxt);
            share(bean);
            return bean;
        }
    }
}
