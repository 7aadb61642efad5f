package io.kubewhatif.bench;

import io.kubewhatif.engine.snapshot.ClusterSnapshot;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Path;

/**
 * Peak heap of a load: run it in a fresh JVM with the heap limit to prove (e.g. -Xmx2g), on a data set of BenchData.
 * Prints the wall time of file → snapshot, the peak heap used (sum of the heap pools' peaks: an upper bound) and the
 * heap the snapshot retains after a full GC.
 */
public final class HeapProbe {
    private HeapProbe() {
    }

    public static void main(String[] args) {
        String name = args.length > 0 ? args[0] : "pods150k";
        Path[] files = BenchData.files(name);
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            p.resetPeakUsage();
        }
        long t0 = System.nanoTime();
        ClusterSnapshot s = BenchData.snapshot(BenchData.load(files));
        long ms = (System.nanoTime() - t0) / 1_000_000;
        long peak = 0;
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getType() == MemoryType.HEAP) {
                peak += p.getPeakUsage().getUsed();
            }
        }
        System.gc();
        Runtime rt = Runtime.getRuntime();
        long retained = rt.totalMemory() - rt.freeMemory();
        System.out.printf("%s: %d nodes, %d pods: file → snapshot %d ms (cold JVM), peak heap used %d MiB (max %d MiB), retained %d MiB%n",
                name, s.numNodes(), s.allPods().size(), ms, peak >> 20, rt.maxMemory() >> 20, retained >> 20);
    }
}
