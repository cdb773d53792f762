package dev.floodgate.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floodgate.core.CellRateSettings;
import dev.floodgate.core.fleet.FleetSettings;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A fleet of processes shares one budget: four child JVMs, four threads each, flood one template for 20 s with
 * {@code fleetCount=10}, {@code fleetPeriod=1 second} (and the default {@code fleetBurst} 9) against one real Redis.
 * Their local limit (cell, 1,000 per second) is far above the fleet's, so the fleet limit is what binds. The lines
 * passed in every whole second, across all four, stay within the stated bound: the GCRA's own bound for one second,
 * {@code fleetBurst + 1 + 1000 / I} = 20, plus 4 × {@code maxHeld} = 12; and all of them within what the GCRA can
 * grant from the first call to the end, plus the calls passed before the flood. Each process calls the template until
 * the fleet limit refuses once before the flood starts: what a process passes on its local limit before its first
 * answer depends on the round trip on a loaded machine (see fleet.md), and {@link FleetOfInstancesTest} covers that
 * start. Inherently wall-clock: the fleet budget refills on Redis's clock.
 */
class FleetOfJvmsTest {

    private static final int JVMS = 4;
    private static final int THREADS = 4;
    private static final long RUN_MILLIS = 20_000;

    @Test
    void fourJvmsFourThreads_tenPerSecondFleetWide_everySecondWithinTheBound() throws Exception {
        try (RedisProcess redis = RedisProcess.started()) {
            long firstCallBefore = System.currentTimeMillis();
            String prefix = "jvms-" + System.nanoTime() + ":";
            List<Process> children = new ArrayList<>();
            for (int i = 0; i < JVMS; i++) {
                children.add(new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-Xmx128m", "-cp", System.getProperty("java.class.path"), FleetFloodChild.class.getName(),
                        redis.uri(), prefix, Integer.toString(THREADS), Long.toString(RUN_MILLIS))
                        .redirectError(ProcessBuilder.Redirect.INHERIT).start());
            }
            List<BufferedReader> outputs = new ArrayList<>();
            for (Process child : children) {
                BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(),
                        StandardCharsets.UTF_8));
                assertThat(out.readLine()).isEqualTo("READY");
                outputs.add(out);
            }
            FleetHarness.await("all four connections have loaded the script", () -> {
                try {
                    String stat = redis.info("commandstats", "cmdstat_script");
                    return stat.startsWith("calls=")
                            && Long.parseLong(stat.substring(6, stat.indexOf(','))) >= JVMS;
                } catch (IOException e) {
                    return false;
                }
            });
            tellAll(children, "WARM");
            for (BufferedReader out : outputs) {
                assertThat(out.readLine()).isEqualTo("WARMED");
            }
            long startAt = System.currentTimeMillis() + 500;
            tellAll(children, Long.toString(startAt));
            TreeMap<Long, Integer> perSecond = new TreeMap<>();
            long warmUpsPassed = 0;
            long offered = 0;
            long summarized = 0;
            long passed = 0;
            for (BufferedReader out : outputs) {
                String line;
                while ((line = out.readLine()) != null) {
                    if (line.startsWith("W ")) {
                        warmUpsPassed++;
                        passed++;
                    } else if (line.startsWith("P ")) {
                        perSecond.merge((Long.parseLong(line.substring(2)) - startAt) / 1_000, 1, Integer::sum);
                        passed++;
                    } else if (line.startsWith("OFFERED ")) {
                        offered += Long.parseLong(line.substring(8));
                    } else if (line.startsWith("FLEET ")) {
                        System.out.println("child: suppressed by the fleet, fleet unavailable: " + line.substring(6));
                    } else if (line.startsWith("SUMMARIZED ")) {
                        summarized += Long.parseLong(line.substring(11));
                    }
                }
            }
            for (Process child : children) {
                assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
                assertThat(child.exitValue()).isZero();
            }

            FleetSettings fleet = FleetSettings.of(redis.uri(), CellRateSettings.builder().count(10).periodMillis(1_000)
                    .burst(9).build(), prefix);
            long perSecondBound = fleet.cell().limit() + 1_000 / fleet.cell().emissionIntervalMillis()
                    + JVMS * fleet.maxHeld();
            System.out.println("Redis: " + redis.info("commandstats", "cmdstat_evalsha"));
            System.out.printf("4 JVMs x 4 threads, 20 s, fleetCount=10/1s, fleetBurst=9: offered %,d, passed %,d, "
                    + "per second %s, bound per second %d%n", offered, passed, perSecond.values(),
                    perSecondBound);
            assertThat(passed + summarized).as("every call passed or summarized once").isEqualTo(offered);
            assertThat(perSecond.values()).allSatisfy(n -> assertThat(n).isLessThanOrEqualTo((int) perSecondBound));
            // What the store can grant from the first call to the end, plus every call passed before the flood (those
            // before a process's first lease pass on its local limit alone)
            long grantable = fleet.cell().limit()
                    + (startAt + RUN_MILLIS - firstCallBefore) / fleet.cell().emissionIntervalMillis() + 1;
            assertThat(passed).isLessThanOrEqualTo(grantable + warmUpsPassed);
        }
    }

    /** Writes one line to every child's standard input. */
    private static void tellAll(List<Process> children, String line) throws IOException {
        for (Process child : children) {
            OutputStream in = child.getOutputStream();
            in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            in.flush();
        }
    }
}
