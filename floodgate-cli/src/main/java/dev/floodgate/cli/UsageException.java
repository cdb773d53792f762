package dev.floodgate.cli;

/** A command line the tool cannot run: an unknown option, a missing value, a bad filter setting. Exit status 2. */
final class UsageException extends Exception {

    private static final long serialVersionUID = 1L;

    UsageException(String message) {
        super(message);
    }
}
