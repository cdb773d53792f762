package dev.floodgate.cli;

import dev.floodgate.core.FloodgateConfig;
import dev.floodgate.core.Option;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The {@code floodgate-cli} command line: {@code replay} a recorded log to see what Floodgate would have done, or
 * {@code pipe} any text stream through it live.
 *
 * <p>Exit status: 0 on success, 1 when an input cannot be read, an output cannot be written or a log is in no known
 * format, 2 for a command line it cannot run (the message and the usage go to standard error).
 */
public final class Main {

    /** Exit status of a successful run. */
    public static final int OK = 0;
    /** Exit status after an I/O error or an unreadable log. */
    public static final int FAILED = 1;
    /** Exit status after a command line that cannot run. */
    public static final int USAGE = 2;

    static final String PROGRAM = "java -jar floodgate-cli.jar";

    private static final List<CommandLine.Spec> COMMON = List.of(
            new CommandLine.Spec("format", null, "NAME", "the log's format: a preset below; --format list shows "
                    + "each with a sample line"),
            new CommandLine.Spec("pattern", null, "REGEX", "the log's format as a regular expression with named "
                    + "groups ts, msg and optionally level, logger, thread; a line that does not match but has a "
                    + "valid timestamp where the ts group is, is an event too; other lines continue the event "
                    + "before them"),
            new CommandLine.Spec("ts-format", null, "PATTERN", "a java.time DateTimeFormatter pattern for the ts "
                    + "group, e.g. 'dd/MMM/yyyy:HH:mm:ss Z' (default: read by shape: ISO-8601, time of day, "
                    + "syslog, epoch seconds, ms or µs, and the other dates listed at "
                    + "https://github.com/floodgate-dev/floodgate/blob/main/src/docs/cli.md)"));

    private static final CommandLine.Spec HELP = new CommandLine.Spec("help", "h", null, "show this help");

    private static final List<CommandLine.Spec> REPLAY = concat(COMMON, List.of(
            new CommandLine.Spec("date", null, "YYYY-MM-DD", "the date of the first event when timestamps are a "
                    + "time of day alone, and the year of syslog timestamps (default: today)"),
            new CommandLine.Spec("out", "o", "FILE", "write the filtered log there, with the summary lines the "
                    + "filter would have written; - for standard output (the report then goes to standard error)"),
            new CommandLine.Spec("plot", null, "FILE.svg", "draw lines offered and passed over time"),
            new CommandLine.Spec("top", null, "N", "fingerprints in the report's table (default: 10)"),
            new CommandLine.Spec("quiet", "q", null, "no progress on standard error"), HELP));

    private static final List<CommandLine.Spec> PIPE = concat(COMMON, List.of(HELP));

    private Main() {
    }

    /** Runs the tool and exits with its status. */
    public static void main(String[] args) {
        PrintStream err = new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8);
        int status = run(args, System.in, new FileOutputStream(FileDescriptor.out), err, System.console() != null);
        err.flush();
        System.exit(status);
    }

    /**
     * Runs one command line.
     *
     * @param args the arguments
     * @param stdin standard input
     * @param stdout standard output: the report, the filtered lines of {@code pipe}
     * @param stderr standard error: messages and progress
     * @param terminal whether standard error is a terminal (progress rewrites one line)
     * @return the exit status
     */
    static int run(String[] args, InputStream stdin, OutputStream stdout, PrintStream stderr, boolean terminal) {
        PrintStream out = new PrintStream(stdout, false, StandardCharsets.UTF_8);
        try {
            if (args.length == 0) {
                throw new UsageException("no command");
            }
            String command = args[0];
            List<String> rest = Arrays.asList(args).subList(1, args.length);
            switch (command) {
                case "-h":
                case "--help":
                case "help":
                    out.print(rest.isEmpty() ? usage() : help(rest.get(0)));
                    return OK;
                case "--version":
                    out.println("floodgate-cli " + version());
                    return OK;
                case "replay":
                    return replay(CommandLine.parse(command, rest, REPLAY), stdin, stdout, out, stderr, terminal);
                case "pipe":
                    return pipe(CommandLine.parse(command, rest, PIPE), stdin, stdout, out, stderr);
                default:
                    throw new UsageException("unknown command \"" + command + "\"");
            }
        } catch (UsageException e) {
            for (String problem : e.problems()) {
                printError(stderr, problem);
            }
            stderr.print(synopsis());
            stderr.println("Run '" + PROGRAM + " --help' for more.");
            return USAGE;
        } finally {
            out.flush();
            stderr.flush();
        }
    }

    private static int replay(CommandLine cl, InputStream stdin, OutputStream stdout, PrintStream out,
            PrintStream err, boolean terminal) throws UsageException {
        if (cl.flag("help")) {
            out.print(help("replay"));
            return OK;
        }
        if ("list".equalsIgnoreCase(cl.get("format"))) {
            out.print(formatList(true));
            return OK;
        }
        Replay.Settings settings = replaySettings(cl, terminal);
        FloodgateConfig config = settings.config();
        ZoneId zone = settings.zone();
        int top = settings.top();
        String outFile = settings.out();
        PrintStream report = "-".equals(outFile) ? err : out;
        Replay replay = new Replay(settings, stdin, stdout);
        ReplayCounts counts;
        try {
            counts = replay.run(err);
        } catch (LineReader.SinkException e) {
            if ("-".equals(outFile)) {
                return OK;
            }
            printError(err, "cannot write " + outFile + ": " + reason(e.getCause()));
            return FAILED;
        } catch (IOException e) {
            printError(err, reason(e));
            return FAILED;
        } catch (Replay.ReplayException e) {
            printError(err, e.getMessage());
            return FAILED;
        }
        List<String> names = new ArrayList<>();
        for (String operand : cl.operands()) {
            names.add(operand.equals("-") ? "standard input" : operand);
        }
        String source = String.join(", ", names);
        if (cl.get("plot") != null) {
            String title = "Floodgate replay of " + source;
            try {
                Files.writeString(Path.of(cl.get("plot")), SvgPlot.render(title, replay.timeline(), zone),
                        StandardCharsets.UTF_8);
            } catch (IOException e) {
                printError(err, "cannot write " + cl.get("plot") + ": " + reason(e));
                return FAILED;
            }
        }
        Report.print(report, new Report.Input(source, replay.format(), replay.detected(), config,
                cl.filterOptions(), FilterOptions.describeFingerprint(cl.filterOptions()), zone, counts, replay.table(),
                replay.timeline(), top, outFile, cl.get("plot")));
        report.flush();
        if (counts.lines > 0 && counts.eventLines == 0) {
            printError(err, "no line matched the format " + replay.format().name()
                    + "; name another with --format or describe it with --pattern");
            return FAILED;
        }
        return OK;
    }

    /**
     * Returns the settings of a {@code replay} command line.
     *
     * @throws UsageException if an option or operand is wrong
     */
    static Replay.Settings replaySettings(CommandLine cl, boolean terminal) throws UsageException {
        FloodgateConfig config = FilterOptions.parse(cl.filterOptions());
        if (config.dryRun()) {
            throw new UsageException(Option.DRY_RUN.key() + ": replay never drops anything already; the report "
                    + "is what would have been suppressed (dryRun is for pipe)");
        }
        if (cl.operands().isEmpty()) {
            throw new UsageException("replay needs a log file (or - for standard input)");
        }
        LogFormat format = format(cl, true);
        String tsFormat = timestampFormat(cl);
        ZoneId zone = ZoneId.systemDefault();
        LocalDate date = LocalDate.now(zone);
        if (cl.get("date") != null) {
            try {
                date = LocalDate.parse(cl.get("date"));
            } catch (DateTimeParseException e) {
                throw new UsageException("--date: \"" + cl.get("date") + "\" is not a date; write e.g. 2024-05-01");
            }
        }
        int top = 10;
        if (cl.get("top") != null) {
            try {
                top = Integer.parseInt(cl.get("top"));
            } catch (NumberFormatException e) {
                top = 0;
            }
            if (top < 1) {
                throw new UsageException("--top: \"" + cl.get("top") + "\" is not a whole number above 0");
            }
        }
        checkOutputs(cl);
        boolean throwable = FilterOptions.flag(cl.filterOptions(), Option.INCLUDE_THROWABLE);
        boolean frame = FilterOptions.flag(cl.filterOptions(), Option.INCLUDE_THROWABLE_FRAME);
        return new Replay.Settings(cl.operands(), format, tsFormat, date, zone, cl.get("out"), cl.get("plot"), top,
                cl.flag("quiet"), terminal, config, throwable, frame);
    }

    /** Refuses an output file that is one of the inputs: writing it would destroy the log being read. */
    private static void checkOutputs(CommandLine cl) throws UsageException {
        for (String option : new String[] {"out", "plot"}) {
            String target = cl.get(option);
            if (target == null || target.equals("-") || !Files.exists(Path.of(target))) {
                continue;
            }
            for (String input : cl.operands()) {
                try {
                    if (!input.equals("-") && Files.exists(Path.of(input))
                            && Files.isSameFile(Path.of(input), Path.of(target))) {
                        throw new UsageException("--" + option + ": " + target + " is an input; it would be "
                                + "overwritten while it is read");
                    }
                } catch (IOException e) {
                    // Cannot tell; the replay reports any real problem with the files.
                }
            }
        }
    }

    /** Returns a command line of {@code command} read with that command's options. */
    static CommandLine commandLine(String command, List<String> args) throws UsageException {
        return CommandLine.parse(command, args, command.equals("replay") ? REPLAY : PIPE);
    }

    private static int pipe(CommandLine cl, InputStream stdin, OutputStream stdout, PrintStream out,
            PrintStream err) throws UsageException {
        if (cl.flag("help")) {
            out.print(help("pipe"));
            return OK;
        }
        if ("list".equalsIgnoreCase(cl.get("format"))) {
            out.print(formatList(false));
            return OK;
        }
        FloodgateConfig config = FilterOptions.parse(cl.filterOptions());
        for (Option o : new Option[] {Option.INCLUDE_THROWABLE, Option.INCLUDE_THROWABLE_FRAME}) {
            if (FilterOptions.flag(cl.filterOptions(), o)) {
                throw new UsageException(o.key() + ": not available in pipe, which decides each line before "
                        + "its stack trace arrives; use it with replay");
            }
        }
        if (!cl.operands().isEmpty()) {
            throw new UsageException("pipe reads standard input and takes no file: \"" + cl.operands().get(0)
                    + "\" (replay reads files)");
        }
        LogFormat format = format(cl, false);
        Pipe.Settings settings = new Pipe.Settings(format, timestampFormat(cl), ZoneId.systemDefault(), config);
        out.flush();
        return new Pipe(settings, stdin, stdout).run(err);
    }

    /** Returns the format named by --format or --pattern; null means detect it (replay only). */
    private static LogFormat format(CommandLine cl, boolean replay) throws UsageException {
        String name = cl.get("format");
        String pattern = cl.get("pattern");
        if (name != null && pattern != null) {
            throw new UsageException("give --format or --pattern, not both");
        }
        if (pattern != null) {
            LogFormat custom;
            try {
                custom = LogFormat.custom(pattern);
            } catch (IllegalArgumentException e) {
                throw new UsageException(e.getMessage());
            }
            if (replay && !custom.hasTimestamp()) {
                throw new UsageException("--pattern: replay needs a named group (?<ts>...) for the timestamp");
            }
            return custom;
        }
        if (name == null) {
            return replay ? null : LogFormat.NONE;
        }
        if (name.equalsIgnoreCase("auto")) {
            if (!replay) {
                throw new UsageException("--format: pipe cannot detect a format; name one (default: none)");
            }
            return null;
        }
        LogFormat format = LogFormat.named(name);
        if (format == null) {
            throw new UsageException("--format: unknown format \"" + name + "\"; use " + formatNames(replay));
        }
        if (replay && !format.hasTimestamp()) {
            throw new UsageException("--format: replay needs timestamps; \"" + name + "\" has none");
        }
        return format;
    }

    private static String timestampFormat(CommandLine cl) throws UsageException {
        String pattern = cl.get("ts-format");
        if (pattern != null) {
            try {
                new TimestampParser(ZoneId.systemDefault(), LocalDate.now(), pattern);
            } catch (IllegalArgumentException e) {
                throw new UsageException("--ts-format: \"" + pattern + "\" is not a date-time pattern: "
                        + e.getMessage());
            }
        }
        return pattern;
    }

    /** Returns what {@code --format list} prints: every format with its layout and a sample line. */
    static String formatList(boolean replay) {
        StringBuilder sb = new StringBuilder(replay
                ? "Formats (--format NAME; without it replay detects the format, a mix of them too):\n"
                : "Formats (--format NAME; default none):\n");
        for (LogFormat f : LogFormat.PRESETS) {
            option(sb, f.name(), f.description());
            sb.append(" ".repeat(30)).append("e.g. ").append(f.sample()).append('\n');
        }
        if (!replay) {
            option(sb, LogFormat.NONE.name(), LogFormat.NONE.description());
        }
        return sb.toString();
    }

    private static String formatNames(boolean replay) {
        StringBuilder sb = new StringBuilder(replay ? "auto" : "none");
        for (LogFormat f : LogFormat.PRESETS) {
            sb.append(", ").append(f.name());
        }
        return sb.append(replay ? "" : " (or log4j2 = logback)").toString();
    }

    /**
     * Prints a message on one line of standard error, after {@code floodgate: }, with what it quotes from the input
     * or the command line escaped ({@link ControlEscaper}): a line break in a file name is shown as {@code \n}.
     */
    static void printError(PrintStream err, String message) {
        err.println("floodgate: " + ControlEscaper.escape(message));
    }

    private static String reason(Throwable e) {
        if (e instanceof NoSuchFileException) {
            return ((NoSuchFileException) e).getFile() + ": no such file";
        }
        if (e instanceof AccessDeniedException) {
            return ((AccessDeniedException) e).getFile() + ": permission denied";
        }
        String message = e.getMessage();
        return message == null ? e.getClass().getSimpleName() : message;
    }

    private static String version() {
        String v = Main.class.getPackage().getImplementationVersion();
        return v == null ? "(development build)" : v;
    }

    private static String synopsis() {
        return "Usage: " + PROGRAM + " replay FILE... [options]\n"
                + "       some-program | " + PROGRAM + " pipe [options]\n";
    }

    static String usage() {
        return synopsis()
                + "\n"
                + "Shows what Floodgate would do to a log, and filters any text stream live.\n"
                + "\n"
                + "Commands:\n"
                + "  replay   replay recorded logs on their own timestamps; report what would have passed\n"
                + "  pipe     filter standard input to standard output on the wall clock\n"
                + "  help     show this help, or a command's: help replay, help pipe\n"
                + "\n"
                + "Run '" + PROGRAM + " COMMAND --help' for a command's options.\n"
                + exitStatus();
    }

    static String help(String command) throws UsageException {
        StringBuilder sb = new StringBuilder();
        List<CommandLine.Spec> specs;
        switch (command) {
            case "replay":
                specs = REPLAY;
                sb.append("Usage: ").append(PROGRAM).append(" replay FILE... [options]\n\n")
                        .append("Runs recorded logs through a Floodgate filter on the logs' own timestamps and\n")
                        .append("reports lines in, lines that would pass, the top fingerprints and when the floods\n")
                        .append("happened. FILE may be gzip-compressed; - reads standard input. Several files are\n")
                        .append("read in the order given (oldest first). Timestamps without an offset are in the\n")
                        .append("JVM's zone (change it with java -Duser.timezone=Europe/Berlin -jar ...).\n");
                break;
            case "pipe":
                specs = PIPE;
                sb.append("Usage: some-program | ").append(PROGRAM).append(" pipe [options]\n\n")
                        .append("Filters standard input to standard output on the wall clock, line by line\n")
                        .append("(each written line is flushed), writing summary lines inline as they fall due and\n")
                        .append("at the end of the input. Default format: none (each line is a message).\n");
                break;
            default:
                throw new UsageException("unknown command \"" + command + "\"");
        }
        sb.append("\nOptions:\n");
        for (CommandLine.Spec s : specs) {
            String name = "--" + s.name() + (s.isFlag() ? "" : " " + s.valueName())
                    + (s.alias() == null ? "" : ", -" + s.alias() + (s.isFlag() ? "" : " " + s.valueName()));
            option(sb, name, s.meaning());
        }
        sb.append("\nFormats (--format; replay detects one by default):\n");
        for (LogFormat f : LogFormat.PRESETS) {
            option(sb, f.name(), f.description());
        }
        if (command.equals("pipe")) {
            option(sb, LogFormat.NONE.name(), LogFormat.NONE.description());
        }
        sb.append("\nFilter options, named as in logback.xml and log4j2.xml (also in kebab case, e.g.\n")
                .append("--include-logger); --name=value or --name value, a bare --name for true:\n");
        for (Option o : Option.values()) {
            String value = CommandLine.isBoolean(o) ? "" : "=VALUE";
            String meaning = o.meaning() + " (default: " + (o.defaultValue().isEmpty() ? "none"
                    : o.defaultValue()) + ")";
            if (o == Option.EXEMPT_MARKERS) {
                meaning += "; text has no markers, so no effect here";
            }
            if (command.equals("replay") && o == Option.DRY_RUN) {
                meaning += "; pipe only";
            }
            if (command.equals("pipe") && (o == Option.INCLUDE_THROWABLE || o == Option.INCLUDE_THROWABLE_FRAME)) {
                meaning += "; replay only";
            }
            option(sb, "--" + o.key() + value, meaning);
        }
        sb.append('\n').append(exitStatus());
        return sb.toString();
    }

    private static void option(StringBuilder sb, String name, String meaning) {
        int width = 30;
        sb.append("  ").append(name);
        int column = 2 + name.length();
        if (column >= width) {
            sb.append('\n');
            column = 0;
        }
        sb.append(" ".repeat(width - column));
        int lineLength = width;
        for (String word : meaning.split(" ")) {
            if (lineLength + word.length() + 1 > 110 && lineLength > width) {
                sb.append('\n').append(" ".repeat(width));
                lineLength = width;
            } else if (lineLength > width) {
                sb.append(' ');
                lineLength++;
            }
            sb.append(word);
            lineLength += word.length();
        }
        sb.append('\n');
    }

    private static String exitStatus() {
        return "Exit status: 0 done; 1 an input could not be read, an output could not be written or the log is\n"
                + "in no known format; 2 a bad command line (message and usage on standard error).\n";
    }

    private static <T> List<T> concat(List<T> a, List<T> b) {
        List<T> all = new ArrayList<>(a);
        all.addAll(b);
        return List.copyOf(all);
    }
}
