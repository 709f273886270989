package dev.threadline.ingest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/**
 * The ingest is ready when what every request needs answers: the Kafka cluster its commands go to
 * and the schema registry their serdes use (the projector too, where reads are relayed: its check
 * is {@code ProjectorReadinessTest}'s). A load balancer then sends no request to an ingest that
 * could only answer 503.
 */
@QuarkusTest
@QuarkusTestResource(ClusterResource.class)
class ReadinessTest {
  @Test
  void readyWithKafkaAndTheRegistryUp() {
    given()
        .get("/q/health/ready")
        .then()
        .statusCode(200)
        .body("status", equalTo("UP"))
        .body("checks.name", hasItems("kafka", "schema-registry"))
        .body("checks.find { it.name == 'kafka' }.status", equalTo("UP"))
        .body("checks.find { it.name == 'schema-registry' }.status", equalTo("UP"));
  }
}
