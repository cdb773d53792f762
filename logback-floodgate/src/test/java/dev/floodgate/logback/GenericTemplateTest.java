package dev.floodgate.logback;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A template of placeholders alone ({@code "{}{}"}, as Kafka's state-change logger logs every message) says nothing
 * of what is logged, so a call of one is limited by its rendered message, masked: distinct messages are each
 * written, and a flood of one message is still limited.
 */
class GenericTemplateTest {

    @ParameterizedTest
    @EnumSource(Adapter.class)
    void distinctMessagesThroughOneGenericTemplate_areAllWritten_aFloodOfOneIsLimited(Adapter adapter) {
        TestContext t = TestContext.configure(GenericTemplateTest.class, adapter.xml);
        CountingAppender counts = (CountingAppender) t.appender(Adapter.LIST);
        Logger log = t.logger("state.change.logger");

        for (int i = 0; i < 100; i++) {
            log.info("{}{}", "[Broker id=1] ", "Partition topic-" + LoggerFairnessTest.letters(i) + " became leader");
        }
        assertThat(counts.writtenTotal()).isEqualTo(100);
        for (int i = 0; i < 100; i++) {
            log.atInfo().setMessage("{} {}").addArgument("Fetch failed for partition").addArgument(i).log();
        }
        t.close();
        // the same message 100 times (the number is masked): its limiter's burst passes, the rest is summarized
        assertThat(counts.writtenTotal()).isEqualTo(100 + 16);
        assertThat(counts.summarized("Fetch failed for partition <n>")).isEqualTo(84);
    }
}
