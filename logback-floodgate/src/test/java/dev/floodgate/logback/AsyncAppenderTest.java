package dev.floodgate.logback;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.AsyncAppender;
import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Logback's {@link AsyncAppender} during a flood, with its worker held inside the appender behind it (a slow disk, a
 * stuck network appender). Its queue of 64 fills, and then it drops events silently: every event once the queue is
 * full ({@code neverBlock}), and INFO and below once less than a fifth of it is free. Floodgate's turbo filter keeps
 * the flood's repeats out of the queue, so an unrelated INFO line logged after the flood is kept, and every call of
 * the flood is written or counted in a summary written before the context stops.
 */
@Timeout(60)
class AsyncAppenderTest {

    private static final int FLOOD = 10_000;

    private TestContext t;

    @AfterEach
    void close() {
        if (t != null) {
            t.close();
        }
    }

    @Test
    void floodIntoAHeldAppender_withFloodgate_keepsTheLaterInfoLine_andLosesNothing() throws InterruptedException {
        t = TestContext.configure(getClass(), "withFloodgate");
        BlockingAppender held = (BlockingAppender) t.appender("HELD");
        held.summaryPermits.release(1_000);
        AsyncAppender async = (AsyncAppender) t.appender("ASYNC");
        int free = floodThenInfo(held, async);
        t.close();

        String figures = "queue free after the flood " + free + " of 64, written " + held.written() + " (INFO "
                + held.written(Level.INFO) + "), summarized " + held.summarized();
        System.out.println("AsyncAppenderTest: with Floodgate: " + figures);
        assertThat(free).as(figures).isGreaterThan(64 / 5);
        assertThat(held.written(Level.INFO)).as(figures).isEqualTo(1);
        assertThat(held.written(Level.ERROR)).as(figures).isPositive().isLessThan(64 / 2);
        assertThat(held.written(Level.ERROR) + held.summarized()).as(figures).isEqualTo(FLOOD);
    }

    /**
     * The control of the case above: without Floodgate the queue fills, and the INFO line is dropped with most of the
     * flood.
     */
    @Test
    void floodIntoAHeldAppender_withoutFloodgate_dropsTheLaterInfoLine() throws InterruptedException {
        t = TestContext.configure(getClass(), "withoutFloodgate");
        BlockingAppender held = (BlockingAppender) t.appender("HELD");
        AsyncAppender async = (AsyncAppender) t.appender("ASYNC");
        int free = floodThenInfo(held, async);
        t.close();

        String figures = "queue free after the flood " + free + " of 64, written " + held.written() + " (INFO "
                + held.written(Level.INFO) + ")";
        System.out.println("AsyncAppenderTest: without Floodgate: " + figures);
        assertThat(free).as(figures).isZero();
        assertThat(held.written(Level.INFO)).as(figures).isZero();
        assertThat(held.written()).as(figures).isLessThan(FLOOD / 10);
    }

    /**
     * Holds the appender, floods it from one logger, logs one INFO line from another, then lets the appender go on;
     * returns the queue's free places measured after the flood.
     */
    private int floodThenInfo(BlockingAppender held, AsyncAppender async) throws InterruptedException {
        held.blockEvents = true;
        Logger db = t.logger("com.acme.Db");
        db.error("Connection to {} failed", 0);
        held.eventEntered.acquire(); // the worker now holds the first event in the appender
        for (int i = 1; i < FLOOD; i++) {
            db.error("Connection to {} failed", i);
        }
        int free = async.getRemainingCapacity();
        t.logger("com.acme.Cache").info("Cache {} rebuilt", "prices");
        held.eventPermits.release(2 * FLOOD);
        return free;
    }
}
