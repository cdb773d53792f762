package dev.floodgate.logback;

/** The two ways to attach Floodgate to Logback, for tests that run the same behaviour through both. */
enum Adapter {
    /** {@code <turboFilter class="dev.floodgate.logback.FloodgateTurboFilter">}. */
    TURBO("turbo"),
    /** {@code <filter class="dev.floodgate.logback.FloodgateFilter">} inside the appender {@code LIST}. */
    APPENDER("appender");

    /** The appender that both variants' XML writes to. */
    static final String LIST = "LIST";

    /** The part of an XML resource name that names the variant. */
    final String xml;

    Adapter(String xml) {
        this.xml = xml;
    }

    /** Returns the clock of the filter in {@code t}. */
    TestClock clock(TestContext t) {
        return (TestClock) (this == TURBO ? t.turboFilter().clock() : t.filter(LIST).clock());
    }

    /** Returns the started Floodgate of the filter in {@code t}, or null if it is not started. */
    ActiveFloodgate active(TestContext t) {
        return this == TURBO ? t.turboFilter().active() : t.filter(LIST).active();
    }

    /** Returns whether the filter in {@code t} is started. */
    boolean isStarted(TestContext t) {
        return this == TURBO ? t.turboFilter().isStarted() : t.filter(LIST).isStarted();
    }

    /** Runs the filter's scheduled summary task now. */
    void summarizeIfDue(TestContext t) {
        if (this == TURBO) {
            t.turboFilter().summarizeIfDue();
        } else {
            t.filter(LIST).summarizeIfDue();
        }
    }

    /** Stops the filter. */
    void stop(TestContext t) {
        if (this == TURBO) {
            t.turboFilter().stop();
        } else {
            t.filter(LIST).stop();
        }
    }
}
