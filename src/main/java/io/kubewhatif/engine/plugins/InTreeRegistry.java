package io.kubewhatif.engine.plugins;

import io.kubewhatif.engine.api.PluginFactory;
import io.kubewhatif.engine.plugins.prioritysort.PrioritySort;
import io.kubewhatif.engine.plugins.schedulinggates.SchedulingGates;
import io.kubewhatif.engine.plugins.nodeunschedulable.NodeUnschedulable;
import io.kubewhatif.engine.plugins.nodename.NodeName;
import io.kubewhatif.engine.plugins.tainttoleration.TaintToleration;
import io.kubewhatif.engine.plugins.nodeaffinity.NodeAffinity;
import io.kubewhatif.engine.plugins.nodeports.NodePorts;
import io.kubewhatif.engine.plugins.noderesources.NodeResourcesFit;
import io.kubewhatif.engine.plugins.noderesources.NodeResourcesBalancedAllocation;
import io.kubewhatif.engine.plugins.imagelocality.ImageLocality;
import io.kubewhatif.engine.plugins.volumerestrictions.VolumeRestrictions;
import io.kubewhatif.engine.plugins.nodevolumelimits.NodeVolumeLimits;
import io.kubewhatif.engine.plugins.volumebinding.VolumeBinding;
import io.kubewhatif.engine.plugins.volumezone.VolumeZone;
import io.kubewhatif.engine.plugins.podtopologyspread.PodTopologySpread;
import io.kubewhatif.engine.plugins.interpodaffinity.InterPodAffinity;
import io.kubewhatif.engine.plugins.dynamicresources.DynamicResources;
import io.kubewhatif.engine.plugins.defaultpreemption.DefaultPreemption;
import io.kubewhatif.engine.plugins.defaultbinder.DefaultBinder;
import io.kubewhatif.engine.plugins.nodedeclaredfeatures.NodeDeclaredFeatures;
import io.kubewhatif.engine.plugins.gangscheduling.GangScheduling;
import io.kubewhatif.engine.plugins.topologyaware.TopologyPlacementGenerator;
import io.kubewhatif.engine.plugins.podgrouppodscount.PodGroupPodsCount;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The in-tree plugins (plugins/registry.go): an explicit, immutable name → factory table of every release's plugins;
 * which of them a release registers, and at which points, is {@code engine.config.InTreePlugins}.
 */
public final class InTreeRegistry {
    private static final Map<String, PluginFactory> FACTORIES;

    static {
        Map<String, PluginFactory> r = new LinkedHashMap<>();
        r.put(PrioritySort.NAME, PrioritySort::create);
        r.put(SchedulingGates.NAME, SchedulingGates::create);
        r.put(NodeUnschedulable.NAME, NodeUnschedulable::create);
        r.put(NodeName.NAME, NodeName::create);
        r.put(TaintToleration.NAME, TaintToleration::create);
        r.put(NodeAffinity.NAME, NodeAffinity::create);
        r.put(NodePorts.NAME, NodePorts::create);
        r.put(NodeResourcesFit.NAME, NodeResourcesFit::create);
        r.put(NodeResourcesBalancedAllocation.NAME, NodeResourcesBalancedAllocation::create);
        r.put(ImageLocality.NAME, ImageLocality::create);
        r.put(VolumeRestrictions.NAME, VolumeRestrictions::create);
        r.put(NodeVolumeLimits.NAME, NodeVolumeLimits::create);
        r.put(VolumeBinding.NAME, VolumeBinding::create);
        r.put(VolumeZone.NAME, VolumeZone::create);
        r.put(PodTopologySpread.NAME, PodTopologySpread::create);
        r.put(InterPodAffinity.NAME, InterPodAffinity::create);
        r.put(DynamicResources.NAME, DynamicResources::create);
        r.put(DefaultPreemption.NAME, DefaultPreemption::create);
        r.put(DefaultBinder.NAME, DefaultBinder::create);
        r.put(NodeDeclaredFeatures.NAME, NodeDeclaredFeatures::create);
        r.put(GangScheduling.NAME, GangScheduling::create);
        r.put(TopologyPlacementGenerator.NAME, TopologyPlacementGenerator::create);
        r.put(PodGroupPodsCount.NAME, PodGroupPodsCount::create);
        FACTORIES = Collections.unmodifiableMap(r);
    }

    private InTreeRegistry() {
    }

    public static Map<String, PluginFactory> factories() {
        return FACTORIES;
    }
}
