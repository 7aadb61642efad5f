/**
 * The kube-scheduler releases kube-whatif models and what differs between them, in one place: {@link
 * io.kubewhatif.engine.version.Features} (upstream's feature.Features plus the behaviours that changed without a gate)
 * travels with the configuration to the plugin factories, which read named features, never a version number.
 */
package io.kubewhatif.engine.version;
