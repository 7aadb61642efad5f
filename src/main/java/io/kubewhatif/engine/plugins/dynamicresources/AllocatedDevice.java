package io.kubewhatif.engine.plugins.dynamicresources;

/** For the report: one device the allocator picked for a request of a claim ({@code request} is "req/sub" for subrequests). */
public record AllocatedDevice(String claim, String request, DeviceId device, boolean adminAccess) {
}
