/**
 * The kube-scheduler v1.34.1 configuration: kubescheduler.config.k8s.io/v1 KubeSchedulerConfiguration
 * decoding (strict, YAML or JSON), v1 defaulting, validation and what the framework does with it when
 * the scheduler starts (multiPoint expansion, score weights, plugin args checks).
 *
 * <p>Entry points: {@link io.kubewhatif.engine.config.ConfigLoader} produces an effective
 * {@link io.kubewhatif.engine.config.Configuration} or a
 * {@link io.kubewhatif.engine.config.ConfigException} carrying the scheduler's exact message;
 * {@link io.kubewhatif.engine.config.ConfigWriter} writes a configuration back as YAML. The package is
 * pure: it reads only the strings it is given and never prints.
 */
package io.kubewhatif.engine.config;
