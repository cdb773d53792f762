package dev.floodgate.cli;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** Runs the tool in this JVM with captured standard streams. */
final class Cli {

    /** What one run printed and returned. */
    record Result(int status, String out, String err) {
    }

    private Cli() {
    }

    static Result run(String... args) {
        return runWithInput(new ByteArrayInputStream(new byte[0]), args);
    }

    static Result runWithInput(String stdin, String... args) {
        return runWithInput(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)), args);
    }

    static Result runWithInput(InputStream stdin, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Main.run(args, stdin, out, new PrintStream(err, true, StandardCharsets.UTF_8), false);
        return new Result(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
