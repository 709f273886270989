package dev.threadline.ingest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.avro.CancelEffect;
import dev.threadline.avro.Recurrence;
import dev.threadline.avro.ScheduleEffect;
import dev.threadline.config.Limits;
import dev.threadline.ingest.reads.ProjectorJson;
import dev.threadline.ingest.reads.ProjectorReads;
import dev.threadline.schedule.CronSchedule;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.HttpHeaders;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Crons: recurring scheduled effects ({@code docs/ingest.md}, "Crons"). A cron is an effect on a
 * thread with a {@link Recurrence}; the step processor sets it again for its schedule's next time
 * in the step that fires it, so each time fires once whatever dies. Here a schedule is checked, its
 * first time found, a tenant's crons held to {@value #PER_TENANT}, and crons found by id in the
 * projector's list of the tenant's.
 */
@ApplicationScoped
public class Crons {
  static final String PER_TENANT = "threadline.limits.crons.per.tenant";

  /** A page of the projector's list: a tenant's crons are found by id a page at a time. */
  private static final int PAGE = 1000;

  /** The deepest page the projector lists. */
  private static final int MAX_OFFSET = 10_000;

  private final ProjectorReads reads;
  private final ThreadCommandSender sender;
  private final Limits limits;
  private final Clock clock = Clock.systemUTC();
  private final long perTenant;

  public Crons(
      ProjectorReads reads,
      ThreadCommandSender sender,
      Limits limits,
      @ConfigProperty(name = PER_TENANT, defaultValue = "1000") long perTenant) {
    this.reads = reads;
    this.sender = sender;
    this.limits = limits;
    this.perTenant = perTenant;
  }

  /** A schedule asked for: its recurrence and its first time. */
  public record Asked(Recurrence recurrence, Instant firstAt) {}

  /** Where a request gives a schedule: its fields' names (native and LangGraph differ). */
  public record Fields(String schedule, String until) {}

  /**
   * {@code cron} at {@code timezone} until {@code until} (ISO instant; null: no end), carrying
   * {@code details} (a {@code created_at} added): a 422 naming the field for a schedule that is
   * malformed, has no time to come, or whose next time is beyond the effect horizon — or, for one
   * that starts a thread each time ({@code newThreadEachTime}), that fires more than once a minute.
   */
  public Asked ask(
      Fields fields,
      String cron,
      String timezone,
      String until,
      ObjectNode details,
      boolean newThreadEachTime) {
    String field = fields.schedule();
    CronSchedule schedule;
    try {
      schedule = CronSchedule.parse(cron, timezone);
    } catch (IllegalArgumentException e) {
      throw Problem.invalid(field, e.getMessage());
    }
    Instant end = until == null ? null : instant(fields.until(), until);
    Instant now = clock.instant();
    Instant first =
        schedule
            .nextAfter(now)
            .filter(at -> end == null || !at.isAfter(end))
            .orElseThrow(() -> Problem.invalid(field, "the schedule has no time to come"));
    if (first.isAfter(now.plusSeconds(limits.effectHorizonSeconds()))) {
      throw Problem.invalid(
          field,
          "its next time, "
              + first
              + ", is beyond "
              + limits.effectHorizonSeconds()
              + " seconds from now ("
              + Limits.key("effect.horizon.seconds")
              + ")");
    }
    // Each firing of such a cron costs the tenant a thread: the step processor refuses it too.
    if (newThreadEachTime
        && schedule.shortestGap(now, 5).compareTo(java.time.Duration.ofMinutes(1)) < 0) {
      throw Problem.invalid(
          field, "a cron that starts a thread each time fires at most once a minute");
    }
    if (!details.has("created_at")) {
      details.put("created_at", now.toString());
    }
    String detailsJson = details.toString();
    if (detailsJson.length() > CronSchedule.MAX_DETAILS) {
      throw Problem.tooLarge(
          "metadata",
          "a cron's input and metadata are at most "
              + CronSchedule.MAX_DETAILS
              + " characters of JSON");
    }
    return new Asked(
        new Recurrence(
            schedule.expression(), schedule.zone().getId(), end, detailsJson, newThreadEachTime),
        first);
  }

  /**
   * Schedules {@code action} on {@code threadId} as cron {@code cronId} (one scheduled again under
   * its id takes the new schedule and action); its command's id.
   */
  public String schedule(
      HttpHeaders headers, String tenant, String threadId, String cronId, Object action, Asked a) {
    return sender.publish(
        headers,
        tenant,
        threadId,
        "cron",
        new ScheduleEffect(cronId, a.firstAt(), action, a.recurrence()));
  }

  /**
   * Ends {@code cron} (as the projector lists it): its effect cancelled on its thread — or, for a
   * cron that starts a thread each time and has a thread of its own to hold it, that thread
   * deleted.
   */
  public void cancel(HttpHeaders headers, String tenant, JsonNode cron) {
    if (cron.path("details").path("holder").asBoolean(false)) {
      sender.publish(
          headers,
          tenant,
          cron.path("threadId").asText(),
          "cron-delete",
          new dev.threadline.avro.DeleteThread("its cron was deleted"));
      return;
    }
    sender.publish(
        headers,
        tenant,
        cron.path("threadId").asText(),
        "cron-cancel",
        new CancelEffect(cron.path("cronId").asText()));
  }

  /**
   * A page of the tenant's crons, of thread {@code threadId} when not null: {@code {crons, total}}.
   */
  public JsonNode list(String tenant, String threadId, int limit, int offset) {
    String query = "?limit=" + limit + "&offset=" + offset;
    if (threadId != null) {
      query += "&thread=" + URLEncoder.encode(threadId, StandardCharsets.UTF_8);
    }
    JsonNode answer = new ProjectorJson(reads, tenant).read("/v1/crons" + query);
    if (answer == null) {
      throw Problem.unavailable("the projector does not list crons; retry");
    }
    return answer;
  }

  /** Every cron of the tenant's (of thread {@code threadId} when not null), a page at a time. */
  public List<JsonNode> all(String tenant, String threadId) {
    List<JsonNode> all = new ArrayList<>();
    for (int offset = 0; ; offset += PAGE) {
      JsonNode page = list(tenant, threadId, PAGE, offset);
      page.path("crons").forEach(all::add);
      if (offset + PAGE >= page.path("total").asLong() || offset + PAGE > MAX_OFFSET) {
        return all;
      }
    }
  }

  /** The tenant's cron {@code cronId} as the projector lists it, or null. */
  public JsonNode find(String tenant, String cronId) {
    return all(tenant, null).stream()
        .filter(cron -> cron.path("cronId").asText().equals(cronId))
        .findFirst()
        .orElse(null);
  }

  /** 429 once the tenant holds {@value #PER_TENANT} crons: each fires on its own forever. */
  public void checkRoom(String tenant) {
    long held = list(tenant, null, 0, 0).path("total").asLong();
    if (held >= perTenant) {
      throw Problem.tooManyCrons(
          "you have "
              + held
              + " crons, the most "
              + PER_TENANT
              + " allows: delete crons you no longer need");
    }
  }

  private static Instant instant(String field, String text) {
    try {
      return Instant.parse(text);
    } catch (DateTimeParseException e) {
      throw Problem.invalid(field, "must be an ISO-8601 instant such as 2026-11-22T10:00:00Z");
    }
  }
}
