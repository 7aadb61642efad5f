/**
 * Scheduler extenders, the pure half: the {@link io.kubewhatif.engine.extender.Extender} interface the framework
 * calls, the v1 wire records and Go's decoding of responses ({@link io.kubewhatif.engine.extender.Wire}, on
 * {@link io.kubewhatif.engine.util.GoJson}), a JSON extender over any {@link
 * io.kubewhatif.engine.extender.ExtenderTransport}, and the recording the report shows. No I/O here: the HTTP and TLS
 * half lives at the edge, in {@code io.kubewhatif.extender.http}, and is handed in as a transport.
 */
package io.kubewhatif.engine.extender;
