package dev.floodgate.spring;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Real HTTP against the running application. */
final class Http {

    private static final HttpClient CLIENT = HttpClient.newHttpClient();

    private Http() {
    }

    static String get(int port, String path) {
        try {
            HttpResponse<String> r = CLIENT.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
                    .GET().build(), HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() != 200) {
                throw new AssertionError("GET " + path + " answered " + r.statusCode() + ": " + r.body());
            }
            return r.body();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Returns the value of the Prometheus sample whose name and labels are {@code sample}, or NaN. */
    static double prometheus(String text, String sample) {
        Matcher m = Pattern.compile("^" + Pattern.quote(sample) + " (\\S+)$", Pattern.MULTILINE).matcher(text);
        return m.find() ? Double.parseDouble(m.group(1)) : Double.NaN;
    }
}
