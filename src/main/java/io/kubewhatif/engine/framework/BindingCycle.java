package io.kubewhatif.engine.framework;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.kubewhatif.engine.api.CycleState;
import io.kubewhatif.engine.api.Status;
import io.kubewhatif.engine.diagnostics.CycleReport;
import io.kubewhatif.engine.diagnostics.StatusView;
import io.kubewhatif.engine.extender.Extender;
import io.kubewhatif.engine.extender.ExtenderException;
import io.kubewhatif.engine.extender.RecordingExtender;
import io.kubewhatif.engine.snapshot.ClusterSnapshot;
import io.kubewhatif.engine.snapshot.PodInfo;

import java.util.LinkedHashMap;
import java.util.List;

/**
 * The binding cycle after a host is selected: assume the pod on the snapshot, then Reserve, Permit, PreBind, Bind (or
 * a binder extender) and PostBind, undone on failure. Apart from {@link Scheduler}'s scheduling cycle as upstream
 * keeps its bindingCycle apart from schedulingCycle.
 */
final class BindingCycle {
    private BindingCycle() {
    }

    /** assume + Reserve + Permit + PreBind + Bind + PostBind, against the snapshot; rolled back on failure. */
    static void assume(Framework fw, CycleState state, PodInfo pod, String node, CycleReport report, ClusterSnapshot snapshot,
            List<RecordingExtender> extenders, SchedulerOptions options) {
        Pod bound = new PodBuilder(pod.pod()).editSpec().withNodeName(node).endSpec().build();
        if (bound.getStatus() != null) {
            bound.getStatus().setNominatedNodeName(null);
        }
        PodInfo assumed = PodInfo.of(bound);
        snapshot.unnominate(pod.uid());
        snapshot.addPod(node, assumed);
        report.reservePlugins = new LinkedHashMap<>();
        Status s = fw.runReservePluginsReserve(state, assumed, node, report.reservePlugins);
        if (s.isSuccess()) {
            report.permitPlugins = new LinkedHashMap<>();
            s = fw.runPermitPlugins(state, assumed, node, report.permitPlugins);
            if (s.isWait()) {
                s = Status.SUCCESS;
            }
            if (!s.isSuccess()) {
                fw.runReservePluginsUnreserve(state, assumed, node);
            }
        } else {
            fw.runReservePluginsUnreserve(state, assumed, node);
        }
        if (s.isSuccess()) {
            report.preBindPlugins = new LinkedHashMap<>();
            s = fw.runPreBindPlugins(state, assumed, node, report.preBindPlugins);
            if (s.isSuccess()) {
                Status b = extendersBinding(extenders, options, assumed, node);
                if (b == null) {
                    report.bindPlugins = new LinkedHashMap<>();
                    b = fw.runBindPlugins(state, assumed, node, report.bindPlugins);
                    b = b.isSkip() ? Status.error("bind plugins skipped the pod") : b;
                }
                s = b;
            }
            if (!s.isSuccess()) {
                fw.runReservePluginsUnreserve(state, assumed, node);
            } else {
                fw.runPostBindPlugins(state, assumed, node);
            }
        }
        if (!s.isSuccess()) {
            snapshot.removePod(assumed);
        }
        report.assumed = new CycleReport.Assumed(node, s.isSuccess(), s.isSuccess() ? null : StatusView.of(s));
    }

    /**
     * extendersBinding: the first interested binder extender binds instead of the Bind plugins (an ignorable one that
     * fails is skipped). Null when no extender bound. Without allowExtenderBind the binding is only simulated.
     */
    private static Status extendersBinding(List<RecordingExtender> extenders, SchedulerOptions options, PodInfo pod, String node) {
        for (RecordingExtender e : extenders) {
            if (!e.isBinder() || !e.isInterested(pod.pod())) {
                continue;
            }
            if (!options.allowExtenderBind()) {
                e.bindSimulated(node);
                return Status.SUCCESS;
            }
            try {
                e.bind(new Extender.Binding(pod.namespace(), pod.name(), pod.uid(), node));
                return Status.SUCCESS;
            } catch (ExtenderException ex) {
                if (e.isIgnorable()) {
                    continue;
                }
                return Status.error(ex.getMessage());
            }
        }
        return null;
    }
}
