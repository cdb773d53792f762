package dev.floodgate.benchmarks;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import java.io.ByteArrayInputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import org.apache.logging.log4j.core.config.ConfigurationSource;
import org.apache.logging.log4j.core.config.Configurator;

/**
 * One process of {@link IdleCpu}: configures Logback or Log4j2 from XML, with or without Floodgate, logs a flood of one
 * template and a few distinct lines, lets the process settle (past the summary of the flood), then logs nothing for
 * the idle window and prints the process's CPU time over that window ({@code IDLE_CPU_NANOS <n>}, in the operating
 * system's clock ticks of 10 ms), that of the threads alive through it, the JVM's own included
 * ({@code TASKS_CPU_NANOS <n>}, to the nanosecond, from {@code /proc/self/task/}), those of them that used 1 ms or
 * more by name ({@code TASK <nanos> <name>}), and each Java thread's share ({@code THREAD <nanos> <name>}).
 *
 * <p>Arguments: {@code logback|log4j2}, {@code with|without}, idle seconds.
 */
public final class IdleApp {

    /**
     * How long the process settles after the flood before the window opens: past the summary of the flood, which the
     * default summary interval (30 s) makes due 30 s after the filter started, and its writing.
     */
    private static final long SETTLE_MILLIS = 40_000;

    private IdleApp() {
    }

    /** Runs one idle process; see the class comment. */
    public static void main(String[] args) throws Exception {
        String framework = args[0];
        boolean floodgate = args[1].equals("with");
        long idleMillis = Long.parseLong(args[2]) * 1_000;
        Path file = Files.createTempFile("floodgate-idle", ".log");
        try {
            Runnable flood = framework.equals("logback") ? logback(floodgate, file) : log4j2(floodgate, file);
            flood.run();
            ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            Map<Long, Long> before = new HashMap<>();
            cpuByThread(threads, before);
            tasksCpuNanos(new HashMap<>());
            processCpuNanos();
            Thread.sleep(SETTLE_MILLIS);

            cpuByThread(threads, before);
            Map<String, Long> tasks = new HashMap<>();
            tasksCpuNanos(tasks);
            Map<String, Long> windowStart = new HashMap<>(tasks);
            long start = processCpuNanos();
            Thread.sleep(idleMillis);
            long idle = processCpuNanos() - start;
            long tasksIdle = tasksCpuNanos(tasks);

            System.out.println("IDLE_CPU_NANOS " + idle);
            System.out.println("TASKS_CPU_NANOS " + tasksIdle);
            for (Map.Entry<String, Long> busy : busiestTasks(windowStart, tasks).entrySet()) {
                System.out.println(String.format(Locale.ROOT, "TASK %d %s", busy.getValue(), busy.getKey()));
            }
            for (long id : threads.getAllThreadIds()) {
                ThreadInfo info = threads.getThreadInfo(id);
                long cpu = threads.getThreadCpuTime(id);
                if (info != null && cpu > 0) {
                    System.out.println(String.format(Locale.ROOT, "THREAD %d %s", cpu - before.getOrDefault(id, 0L),
                            info.getThreadName()));
                }
            }
        } finally {
            Files.deleteIfExists(file);
        }
    }

    private static void cpuByThread(ThreadMXBean threads, Map<Long, Long> into) {
        for (long id : threads.getAllThreadIds()) {
            into.put(id, threads.getThreadCpuTime(id));
        }
    }

    /**
     * Returns the CPU time that the threads alive now used since {@code start} recorded them (all of it for a thread it
     * did not record), and records them in it: the first field of {@code /proc/self/task/<tid>/schedstat}.
     */
    private static long tasksCpuNanos(Map<String, Long> start) throws java.io.IOException {
        long used = 0;
        try (java.util.stream.Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
            for (Path task : (Iterable<Path>) tasks::iterator) {
                String stat;
                try {
                    stat = Files.readString(task.resolve("schedstat"));
                } catch (java.io.IOException ended) {
                    continue;
                }
                long ran = Long.parseLong(stat.substring(0, stat.indexOf(' ')));
                String tid = task.getFileName().toString();
                used += ran - start.getOrDefault(tid, 0L);
                start.put(tid, ran);
            }
        }
        return used;
    }

    /**
     * Returns the CPU time each task alive through the window used in it, by the task's name (threads of one name
     * added up), for the names that used at least 1 ms; the maps give each task's CPU time at the start and the end of
     * the window.
     */
    private static Map<String, Long> busiestTasks(Map<String, Long> windowStart, Map<String, Long> windowEnd) {
        Map<String, Long> byName = new java.util.TreeMap<>();
        for (Map.Entry<String, Long> task : windowEnd.entrySet()) {
            Long start = windowStart.get(task.getKey());
            if (start == null) {
                continue;
            }
            String name;
            try {
                name = Files.readString(Path.of("/proc/self/task", task.getKey(), "comm")).trim();
            } catch (java.io.IOException ended) {
                continue;
            }
            byName.merge(name, task.getValue() - start, Long::sum);
        }
        byName.values().removeIf(nanos -> nanos < 1_000_000);
        return byName;
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    /** Configures Logback's default context; returns the flood, through SLF4J. */
    private static Runnable logback(boolean floodgate, Path file) throws Exception {
        String xml = "<configuration>"
                + (floodgate ? "<turboFilter class=\"dev.floodgate.logback.FloodgateTurboFilter\"/>" : "")
                + "<appender name=\"FILE\" class=\"ch.qos.logback.core.FileAppender\"><file>" + file + "</file>"
                + "<encoder><pattern>%d %-5level [%thread] %logger - %msg%n</pattern></encoder></appender>"
                + "<root level=\"INFO\"><appender-ref ref=\"FILE\"/></root></configuration>";
        LoggerContext context = (LoggerContext) org.slf4j.LoggerFactory.getILoggerFactory();
        context.reset();
        JoranConfigurator configurator = new JoranConfigurator();
        configurator.setContext(context);
        configurator.doConfigure(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
        org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger("shop.Payments");
        return () -> {
            for (int i = 0; i < 10_000; i++) {
                log.error("Payment {} failed", i);
            }
            for (int i = 0; i < 20; i++) {
                log.info("Started component " + i);
            }
        };
    }

    /** Configures Log4j2; returns the flood, through the Log4j API. */
    private static Runnable log4j2(boolean floodgate, Path file) throws Exception {
        String xml = "<Configuration>" + (floodgate ? "<Floodgate/>" : "")
                + "<Appenders><File name=\"FILE\" fileName=\"" + file + "\"><PatternLayout"
                + " pattern=\"%d %-5level [%t] %logger - %msg%n\"/></File></Appenders>"
                + "<Loggers><Root level=\"INFO\"><AppenderRef ref=\"FILE\"/></Root></Loggers></Configuration>";
        Configurator.initialize(null, new ConfigurationSource(new ByteArrayInputStream(
                xml.getBytes(StandardCharsets.UTF_8))));
        org.apache.logging.log4j.Logger log = org.apache.logging.log4j.LogManager.getLogger("shop.Payments");
        return () -> {
            for (int i = 0; i < 10_000; i++) {
                log.error("Payment {} failed", i);
            }
            for (int i = 0; i < 20; i++) {
                log.info("Started component " + i);
            }
        };
    }
}
