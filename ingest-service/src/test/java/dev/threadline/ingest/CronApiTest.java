package dev.threadline.ingest;

import static dev.threadline.ingest.Door.post;
import static dev.threadline.ingest.Door.unprocessable;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A cron's schedule, end and timezone are checked at the door, naming the field, before anything is
 * sent (what a good cron does: CronTopologyTest, CronsTopologyTest, and on a whole stack
 * LangGraphSdkAcceptance and the crons chaos round).
 */
@QuarkusTest
@QuarkusTestResource(ClusterResource.class)
class CronApiTest {
  private static String effects() {
    return "/v1/threads/cron-" + UUID.randomUUID() + "/effects";
  }

  @Test
  void aRecurringEffectsScheduleTimezoneAndEndAreCheckedNamingTheField() {
    post("key-a", effects(), "{\"cron\":\"61 * * * *\",\"message\":\"x\"}")
        .spec(unprocessable("cron"));
    post("key-a", effects(), "{\"cron\":\"* * *\",\"message\":\"x\"}").spec(unprocessable("cron"));
    post("key-a", effects(), "{\"cron\":\"@often\",\"message\":\"x\"}").spec(unprocessable("cron"));
    post(
            "key-a",
            effects(),
            "{\"cron\":\"@hourly\",\"timezone\":\"Mars/Olympus\",\"message\":\"x\"}")
        .spec(unprocessable("cron"));
    post("key-a", effects(), "{\"cron\":\"@hourly\",\"until\":\"soon\",\"message\":\"x\"}")
        .spec(unprocessable("until"));
    post(
            "key-a",
            effects(),
            "{\"cron\":\"@hourly\",\"until\":\"2020-01-01T00:00:00Z\",\"message\":\"x\"}")
        .spec(unprocessable("cron"));
    post("key-a", effects(), "{\"cron\":\"0 0 30 2 *\",\"message\":\"x\"}")
        .spec(unprocessable("cron"));
  }

  @Test
  void aRecurringEffectFiresAtItsSchedulesTimesNotAtAnInstant() {
    post("key-a", effects(), "{\"cron\":\"@hourly\",\"delaySeconds\":5,\"message\":\"x\"}")
        .spec(unprocessable("cron"));
    post("key-a", effects(), "{\"delaySeconds\":5,\"timezone\":\"UTC\",\"message\":\"x\"}")
        .spec(unprocessable("cron"));
  }

  @Test
  void aLangGraphCronNeedsAnAssistantAScheduleAndAnInputAndCannotBeDisabledOrDeleteItsThreads() {
    String crons = "/threads/" + UUID.randomUUID() + "/runs/crons";
    String input = "\"input\":{\"messages\":[{\"type\":\"human\",\"content\":\"report\"}]}";
    post("key-a", crons, "{\"schedule\":\"@hourly\"," + input + "}")
        .spec(unprocessable("assistant_id"));
    post("key-a", crons, "{\"assistant_id\":\"helper\",\"schedule\":\"@often\"," + input + "}")
        .spec(unprocessable("schedule"));
    post("key-a", crons, "{\"assistant_id\":\"helper\",\"schedule\":\"@hourly\"}")
        .spec(unprocessable("input.messages"));
    post(
            "key-a",
            crons,
            "{\"assistant_id\":\"helper\",\"schedule\":\"@hourly\",\"enabled\":false,"
                + input
                + "}")
        .spec(unprocessable("enabled"));
    post("key-a", "/runs/crons", "{\"schedule\":\"@hourly\"," + input + "}")
        .spec(unprocessable("assistant_id"));
    post(
            "key-a",
            "/runs/crons",
            "{\"assistant_id\":\"helper\",\"schedule\":\"@hourly\",\"on_run_completed\":\"delete\","
                + input
                + "}")
        .spec(unprocessable("on_run_completed"));
    // Each firing of a cron that starts a thread costs the tenant a thread: once a minute at most.
    post(
            "key-a",
            "/runs/crons",
            "{\"assistant_id\":\"helper\",\"schedule\":\"* * * * * */30\"," + input + "}")
        .spec(unprocessable("schedule"));
    post("key-a", "/runs/crons/search", "{\"sort_by\":\"colour\"}").spec(unprocessable("sort_by"));
  }
}
