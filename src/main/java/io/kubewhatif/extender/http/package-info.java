/**
 * Scheduler extenders, the edge half: the HTTP client ({@code HttpExtender}, JDK {@code java.net.http} only) and
 * its TLS setup ({@code Tls}, {@code Pem}) as kube-scheduler builds them from the configuration's {@code extenders}.
 * It implements the engine's {@link io.kubewhatif.engine.extender.ExtenderTransport}; the interface, the wire format
 * and the recording are in {@code io.kubewhatif.engine.extender}, which stays pure. Its one
 * user is {@code app.Simulation}.
 */
package io.kubewhatif.extender.http;
