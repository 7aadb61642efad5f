package io.kubewhatif.engine.version;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class VersionModelTest {
    @ParameterizedTest
    @CsvSource({"1.35, 1.35", "v1.34.7, 1.34.7", "v1.36.2-gke.100, 1.36.2", "1.31+, 1.31", " 1.34.0 , 1.34.0"})
    void parsesWhatUsersAndServersWrite(String text, String want) {
        assertEquals(want, KubeVersion.parse(text).toString());
    }

    @ParameterizedTest
    @CsvSource({"1", "1.x", "v", "'1.35.4.1'", "latest"})
    void refusesOtherText(String text) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> KubeVersion.parse(text));
        assertTrue(e.getMessage().contains("is not a Kubernetes version"), e.getMessage());
    }

    @ParameterizedTest
    @CsvSource({"1.30, V1_34", "1.34.9, V1_34", "1.35, V1_35", "1.37, V1_37", "1.38, V1_37", "2.0, V1_37"})
    void nearestSupportedRelease(String v, Release want) {
        assertEquals(want, Release.nearest(KubeVersion.parse(v)));
    }

    @Test
    void aBareMinorMeansItsReferencePatch() {
        assertEquals("1.34.1", Features.of(KubeVersion.parse("1.34"), Map.of()).version().toString());
        assertEquals("1.35.4", Features.of(KubeVersion.parse("1.35"), Map.of()).version().toString());
        assertEquals("1.36.2", Features.DEFAULT.version().toString());
    }

    @ParameterizedTest
    @CsvSource({"1.34, true", "1.34.0, true", "1.34.1, true", "1.34.2, false", "1.34.7, false", "1.35.0, false", "1.36, false"})
    void theTaintIsNamedUpToV1_34_1(String v, boolean named) {
        assertEquals(named, Features.of(KubeVersion.parse(v), Map.of()).taintNamedInFilterReason());
    }

    @Test
    void behavioursChangeAtTheirRelease() {
        Features v134 = Features.of(KubeVersion.parse("1.34"), Map.of());
        Features v135 = Features.of(KubeVersion.parse("1.35"), Map.of());
        Features v136 = Features.of(KubeVersion.parse("1.36"), Map.of());
        assertFalse(v134.dynamicResourcesScores());
        assertTrue(v135.dynamicResourcesScores() && v136.dynamicResourcesScores());
        assertFalse(v135.balancedAllocationScoresChange());
        assertTrue(v136.balancedAllocationScoresChange());
        assertFalse(v135.enabled(FeatureGate.NODE_DECLARED_FEATURES));
        assertTrue(v136.enabled(FeatureGate.NODE_DECLARED_FEATURES));
        assertFalse(v135.dynamicResourcesBindingTimeout(), "DRADeviceBindingConditions is off in 1.35");
        assertTrue(v136.dynamicResourcesBindingTimeout());
        assertTrue(v136.changedGates().isEmpty());
    }

    /** 1.37 (experimental): the defaults of the 1.37 scheduler feature-gate table; behaviours as 1.36 otherwise. */
    @Test
    void release1_37IsExperimentalWithItsGateDefaults() {
        Features v136 = Features.of(KubeVersion.parse("1.36"), Map.of());
        Features v137 = Features.of(KubeVersion.parse("1.37"), Map.of());
        assertTrue(Release.V1_37.experimental());
        assertFalse(Release.V1_36.experimental());
        assertEquals(Release.V1_36, Release.newestConfirmed(), "the default stays the newest confirmed release");
        assertEquals("1.37.0", v137.version().toString());
        assertEquals("v1.37.0 (experimental)", v137.label());
        assertEquals("v1.36.2", v136.label());
        assertEquals("1.34, 1.35, 1.36, 1.37 (experimental)", Features.supportedList());
        Set<FeatureGate> betaIn137 = Set.of(FeatureGate.STORAGE_CAPACITY_SCORING, FeatureGate.VOLUME_LIMIT_SCALING);
        for (FeatureGate g : FeatureGate.values()) {
            assertEquals(betaIn137.contains(g) || v136.enabled(g), v137.enabled(g), g.gateName());
        }
        assertFalse(v136.storageCapacityScoring(), "alpha and off up to 1.36");
        assertTrue(v137.storageCapacityScoring(), "beta and on in 1.37");
        assertTrue(v137.changedGates().isEmpty());
        // 1.36's behaviours carry over
        assertTrue(v137.balancedAllocationScoresChange() && v137.dynamicResourcesScoreNeedsPrioritizedList()
                && v137.dynamicResourcesScoreSkipsAllocatedClaims() && v137.strictScoringStrategyValidation()
                && v137.dynamicResourcesBindingTimeout() && v137.nodeDeclaredFeaturesRegistered());
        assertFalse(v137.nodeDeclaredFeaturesNamesMissing() || v137.taintNamedInFilterReason());
    }

    @ParameterizedTest
    @CsvSource({"1.34, false", "1.35, false", "1.36, false", "1.37, true"})
    void storageCapacityScoringCanBeTurnedOnAndOffInEveryRelease(String v, boolean byDefault) {
        assertEquals(byDefault, Features.of(KubeVersion.parse(v), Map.of()).storageCapacityScoring());
        assertTrue(Features.of(KubeVersion.parse(v), Features.parseGates("StorageCapacityScoring=true")).storageCapacityScoring());
        assertFalse(Features.of(KubeVersion.parse(v), Features.parseGates("StorageCapacityScoring=false")).storageCapacityScoring());
    }

    /** VolumeLimitScaling: from 1.35 (alpha, off), beta and on in 1.37, never locked; the opt-in field from 1.36. */
    @ParameterizedTest
    @CsvSource({"1.35, false, false", "1.36, false, true", "1.37, true, true"})
    void volumeLimitScalingExistsFrom1_35(String v, boolean byDefault, boolean optInField) {
        Features f = Features.of(KubeVersion.parse(v), Map.of());
        assertEquals(byDefault, f.enabled(FeatureGate.VOLUME_LIMIT_SCALING));
        assertEquals(optInField, f.csiDriverPreventPodSchedulingIfMissing());
        assertTrue(Features.of(KubeVersion.parse(v), Features.parseGates("VolumeLimitScaling=true")).enabled(FeatureGate.VOLUME_LIMIT_SCALING));
        assertFalse(Features.of(KubeVersion.parse(v), Features.parseGates("VolumeLimitScaling=false")).enabled(FeatureGate.VOLUME_LIMIT_SCALING));
    }

    @Test
    void volumeLimitScalingIsRefusedIn1_34() {
        Features v134 = Features.of(KubeVersion.parse("1.34"), Map.of());
        assertFalse(v134.enabled(FeatureGate.VOLUME_LIMIT_SCALING) || v134.csiDriverPreventPodSchedulingIfMissing());
        assertEquals("unrecognized feature gate: VolumeLimitScaling", assertThrows(IllegalArgumentException.class,
                () -> Features.of(KubeVersion.parse("1.34"), Features.parseGates("VolumeLimitScaling=true"))).getMessage());
    }

    @Test
    void featureGatesParseAsKubeSchedulerDoes() {
        assertEquals(Map.of(FeatureGate.NODE_DECLARED_FEATURES, true, FeatureGate.DRA_ADMIN_ACCESS, false),
                Features.parseGates("NodeDeclaredFeatures=true, DRAAdminAccess=F,"));
        assertEquals("missing bool value for DRAAdminAccess",
                assertThrows(IllegalArgumentException.class, () -> Features.parseGates("DRAAdminAccess")).getMessage());
        assertEquals("invalid value of DRAAdminAccess=yes, err: strconv.ParseBool: parsing \"yes\": invalid syntax",
                assertThrows(IllegalArgumentException.class, () -> Features.parseGates("DRAAdminAccess=yes")).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Features.parseGates("GangScheduling=true")).getMessage()
                .startsWith("unrecognized feature gate: GangScheduling"));
        Features f = Features.of(KubeVersion.parse("1.35"), Features.parseGates("NodeDeclaredFeatures=true"));
        assertEquals(Map.of("NodeDeclaredFeatures", true), f.changedGates());
        assertThrows(IllegalArgumentException.class,
                () -> Features.of(KubeVersion.parse("1.34"), Features.parseGates("NodeDeclaredFeatures=true")));
    }

    /** The Go release each version is built with decides how an extender's URL host is checked. */
    @ParameterizedTest(name = "{0}")
    @CsvSource({
            "1.34, GO_1_24", "v1.34.1, GO_1_24", "v1.34.2, GO_1_25_2", "v1.34.6, GO_1_25_2", "v1.34.7, GO_1_25_8",
            "v1.35.0, GO_1_25_2", "v1.35.3, GO_1_25_2", "1.35, GO_1_25_8", "v1.35.9, GO_1_25_8",
            "v1.36.0, GO_1_26_1", "1.36, GO_1_26_1", "1.37, GO_1_26_1"})
    void extenderUrlsFollowTheGoReleaseOfTheVersion(String version, String rules) throws Exception {
        Object expected = io.kubewhatif.engine.util.GoUrl.Rules.class.getField(rules).get(null);
        assertEquals(expected, Features.of(KubeVersion.parse(version), Map.of()).goUrlRules());
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', value = {
            "1.34 | http://[1.2.3.4]:8888 | ",
            "1.35 | http://[1.2.3.4]:8888 | parse \"http://[1.2.3.4]:8888/filter\": invalid IP-literal",
            "1.36 | http://[1.2.3.4]:8888 | parse \"http://[1.2.3.4]:8888/filter\": invalid IP-literal",
            "1.34 | http://::1:8888 | ",
            "1.35 | http://::1:8888 | ",
            "1.36 | http://::1:8888 | parse \"http://::1:8888/filter\": invalid port \"::1:8888\" after host"})
    void anExtenderCallFailsInTheWordsOfTheVersion(String version, String urlPrefix, String error) {
        Features f = Features.of(KubeVersion.parse(version), Map.of());
        assertEquals(error, io.kubewhatif.extender.http.HttpExtender.callError(urlPrefix, "filter", f.goUrlRules()));
    }

    /** component-base's Set: locked gates and gate dependencies, per release (pkg/features/kube_features.go). */
    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', value = {
            "1.34 | DRAAdminAccess=false | ",
            "1.35 | DRAAdminAccess=false | ",
            "1.36 | DRAAdminAccess=false | cannot set feature gate DRAAdminAccess to false, feature is locked to true",
            "1.36 | DRAAdminAccess=true | ",
            "1.34 | DRADeviceBindingConditions=true,DRAResourceClaimDeviceStatus=false | ",
            "1.35 | DRADeviceBindingConditions=true,DRAResourceClaimDeviceStatus=false | DRADeviceBindingConditions is enabled, but depends on features that are disabled: [DRAResourceClaimDeviceStatus]",
            "1.35 | DRADeviceBindingConditions=true | ",
            "1.36 | DRAResourceClaimDeviceStatus=false | DRADeviceBindingConditions is enabled, but depends on features that are disabled: [DRAResourceClaimDeviceStatus]",
            "1.36 | DRAResourceClaimDeviceStatus=false,DRADeviceBindingConditions=false | ",
            "1.36 | DRAAdminAccess=false,DRAResourceClaimDeviceStatus=false | cannot set feature gate DRAAdminAccess to false, feature is locked to true",
            "1.36 | DRAPrioritizedList=false | ",
            "1.36 | NodeDeclaredFeatures=false | ",
            "1.37 | DRAPrioritizedList=false | cannot set feature gate DRAPrioritizedList to false, feature is locked to true",
            "1.37 | NodeDeclaredFeatures=false | cannot set feature gate NodeDeclaredFeatures to false, feature is locked to true",
            "1.37 | DRAResourceClaimDeviceStatus=false | cannot set feature gate DRAResourceClaimDeviceStatus to false, feature is locked to true",
            "1.37 | DRAAdminAccess=false,DRAResourceClaimDeviceStatus=false | [cannot set feature gate DRAAdminAccess to false, feature is locked to true, cannot set feature gate DRAResourceClaimDeviceStatus to false, feature is locked to true]",
            "1.37 | DRADeviceTaints=false | ",
            "1.37 | DRADeviceBindingConditions=false,StorageCapacityScoring=false | ",
            "1.37 | DRAPrioritizedList=true,NodeDeclaredFeatures=true | "})
    void lockedGatesAndDependenciesAreKubeSchedulers(String version, String gates, String error) {
        if (error == null) {
            Features.of(KubeVersion.parse(version), Features.parseGates(gates));
        } else {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> Features.of(KubeVersion.parse(version), Features.parseGates(gates)));
            assertEquals(error, e.getMessage());
        }
    }
}
