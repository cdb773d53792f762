package dev.floodgate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class TimelineTest {

    @Test
    void add_withinAMinute_keepsOneSecondBuckets() {
        Timeline t = new Timeline();

        t.add(0, 3, 1);
        t.add(59_999, 2, 2);

        assertThat(t.widthMillis()).isEqualTo(1_000);
        List<Timeline.Bucket> buckets = t.buckets();
        assertThat(buckets).hasSize(60);
        assertThat(buckets.get(0)).isEqualTo(new Timeline.Bucket(0, 1_000, 3, 1));
        assertThat(buckets.get(59).offered()).isEqualTo(2);
    }

    @Test
    void add_longSpan_widensAndKeepsEveryCount() {
        Timeline t = new Timeline();

        for (long ms = 0; ms < 86_400_000L; ms += 7_000) {
            t.add(ms, 2, 1);
        }

        assertThat(t.buckets().size()).isLessThanOrEqualTo(Timeline.MAX_BUCKETS);
        assertThat(t.widthMillis()).isEqualTo(30_000);
        long offered = t.buckets().stream().mapToLong(Timeline.Bucket::offered).sum();
        long passed = t.buckets().stream().mapToLong(Timeline.Bucket::passed).sum();
        assertThat(offered).isEqualTo(2 * (86_400_000L / 7_000 + 1));
        assertThat(passed).isEqualTo(offered / 2);
    }

    @Test
    void add_outOfOrder_countsInTheRightBucket() {
        Timeline t = new Timeline();

        t.add(5_000, 1, 1);
        t.add(1_000, 1, 0);

        assertThat(t.buckets().get(0)).isEqualTo(new Timeline.Bucket(1_000, 1_000, 1, 0));
    }

    @Test
    void buckets_mergedToAMinute_sumsTheirSeconds() {
        Timeline t = new Timeline();
        t.add(0, 1, 1);
        t.add(30_000, 1, 0);
        t.add(61_000, 1, 0);

        List<Timeline.Bucket> minutes = t.buckets(60_000);

        assertThat(minutes).containsExactly(new Timeline.Bucket(0, 60_000, 2, 1),
                new Timeline.Bucket(60_000, 60_000, 1, 0));
    }

    @Test
    void buckets_empty_isEmpty() {
        assertThat(new Timeline().buckets()).isEmpty();
        assertThat(new Timeline().isEmpty()).isTrue();
    }
}
