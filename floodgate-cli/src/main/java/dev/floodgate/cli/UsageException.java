package dev.floodgate.cli;

import java.util.List;

/**
 * A command line the tool cannot run: an unknown option, a missing value, a bad filter setting. Exit status 2.
 *
 * <p>Holds one or more problems, each printed on a line of its own (escaped: a problem may quote the command line).
 */
final class UsageException extends Exception {

    private static final long serialVersionUID = 1L;

    /** The problems, at least one; a {@code List.of} list, which is serializable. */
    private final List<String> problems;

    UsageException(String problem) {
        this(List.of(problem));
    }

    UsageException(List<String> problems) {
        super(String.join("\n", problems));
        this.problems = List.copyOf(problems);
    }

    /** Returns the problems, one a line. */
    List<String> problems() {
        return problems;
    }
}
