package dev.floodgate.cli;

import dev.floodgate.core.Option;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The arguments of one command: the tool's own options, the filter options (every {@link Option}, by its name or
 * its kebab-case spelling) and the operands.
 *
 * <p>Accepted forms: {@code --name=value}, {@code --name value}, a bare {@code --flag} for a boolean (optionally
 * followed by {@code true} or {@code false}), {@code -o value} for the short aliases, {@code -} as an operand
 * (standard input) and {@code --} to end the options. A later occurrence of an option wins. Filter options are not
 * checked here: their names and values go to {@code FloodgateConfig.parse}, so options added to the core later
 * work without a change here.
 *
 * <p>Immutable.
 */
final class CommandLine {

    /** One option of the tool itself. */
    record Spec(String name, String alias, String valueName, String meaning) {
        boolean isFlag() {
            return valueName == null;
        }
    }

    private final String command;
    private final Map<String, String> own;
    private final Map<String, String> filter;
    private final List<String> operands;

    private CommandLine(String command, Map<String, String> own, Map<String, String> filter,
            List<String> operands) {
        this.command = command;
        this.own = Collections.unmodifiableMap(own);
        this.filter = Collections.unmodifiableMap(filter);
        this.operands = Collections.unmodifiableList(operands);
    }

    /**
     * Reads the arguments after the command name.
     *
     * @param command the command
     * @param args the arguments after it
     * @param specs the tool's own options of this command
     * @throws UsageException naming the first argument that is not understood
     */
    static CommandLine parse(String command, List<String> args, List<Spec> specs) throws UsageException {
        Map<String, String> own = new LinkedHashMap<>();
        Map<String, String> filter = new LinkedHashMap<>();
        List<String> operands = new ArrayList<>();
        boolean optionsEnded = false;
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (optionsEnded || arg.equals("-") || !arg.startsWith("-")) {
                operands.add(arg);
                continue;
            }
            if (arg.equals("--")) {
                optionsEnded = true;
                continue;
            }
            boolean longForm = arg.startsWith("--");
            String body = arg.substring(longForm ? 2 : 1);
            int eq = body.indexOf('=');
            String name = eq < 0 ? body : body.substring(0, eq);
            String value = eq < 0 ? null : body.substring(eq + 1);
            Spec spec = find(specs, name, longForm);
            if (spec != null) {
                if (spec.isFlag()) {
                    own.put(spec.name(), value == null ? "true" : flagValue(arg, value));
                } else {
                    if (value == null) {
                        value = valueAfter(args, i++, arg, spec.valueName());
                    }
                    own.put(spec.name(), value);
                }
                continue;
            }
            Option option = longForm ? Option.byKey(camelCase(name)) : null;
            if (option == null) {
                throw new UsageException("unknown option " + (longForm ? "--" : "-") + name);
            }
            if (value == null) {
                if (isBoolean(option)) {
                    String next = i + 1 < args.size() ? args.get(i + 1) : null;
                    if ("true".equalsIgnoreCase(next) || "false".equalsIgnoreCase(next)) {
                        value = next;
                        i++;
                    } else {
                        value = "true";
                    }
                } else {
                    value = valueAfter(args, i++, arg, "VALUE");
                }
            }
            filter.put(option.key(), value);
        }
        return new CommandLine(command, own, filter, operands);
    }

    private static Spec find(List<Spec> specs, String name, boolean longForm) {
        for (Spec s : specs) {
            if (longForm ? s.name().equals(name) : name.equals(s.alias())) {
                return s;
            }
        }
        return null;
    }

    private static String flagValue(String arg, String value) throws UsageException {
        if (value.equalsIgnoreCase("true") || value.equalsIgnoreCase("false")) {
            return value.toLowerCase(Locale.ROOT);
        }
        throw new UsageException(arg + ": a flag takes true or false, or no value");
    }

    private static String valueAfter(List<String> args, int i, String arg, String valueName)
            throws UsageException {
        if (i + 1 >= args.size()) {
            throw new UsageException(arg + " needs a value (" + arg + " " + valueName + " or " + arg + "="
                    + valueName + ")");
        }
        return args.get(i + 1);
    }

    /** Returns whether an option is a switch: its default is true or false. */
    static boolean isBoolean(Option option) {
        return option.defaultValue().equals("true") || option.defaultValue().equals("false");
    }

    /** Returns {@code include-logger} as {@code includeLogger}; camel case stays as it is. */
    static String camelCase(String name) {
        StringBuilder sb = new StringBuilder(name.length());
        boolean upper = false;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c == '-' && i > 0) {
                upper = true;
            } else {
                sb.append(upper ? Character.toUpperCase(c) : c);
                upper = false;
            }
        }
        return sb.toString();
    }

    /** Returns {@code includeLogger} as {@code include-logger}. */
    static String kebabCase(String name) {
        StringBuilder sb = new StringBuilder(name.length() + 4);
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (Character.isUpperCase(c)) {
                sb.append('-').append(Character.toLowerCase(c));
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    String command() {
        return command;
    }

    /** Returns the value of one of the tool's options, or null if it was not given. */
    String get(String name) {
        return own.get(name);
    }

    /** Returns whether a flag was given (and not as {@code =false}). */
    boolean flag(String name) {
        return "true".equals(own.get(name));
    }

    /** Returns the filter options given, by {@link Option#key()}. */
    Map<String, String> filterOptions() {
        return filter;
    }

    List<String> operands() {
        return operands;
    }
}
