package dev.threadline.ingest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import io.restassured.builder.ResponseSpecBuilder;
import io.restassured.response.ValidatableResponse;
import io.restassured.specification.RequestSpecification;
import io.restassured.specification.ResponseSpecification;

/** The ingest's HTTP API as a tenant's key calls it, and what a refused body answers. */
final class Door {
  private Door() {}

  /** A JSON request made with {@code key}. */
  static RequestSpecification as(String key) {
    return given().header("Authorization", "Bearer " + key).contentType("application/json");
  }

  static ValidatableResponse get(String key, String path) {
    return as(key).get(path).then();
  }

  static ValidatableResponse delete(String key, String path) {
    return as(key).delete(path).then();
  }

  static ValidatableResponse put(String key, String path, String body) {
    return as(key).body(body).put(path).then();
  }

  static ValidatableResponse patch(String key, String path, String body) {
    return as(key).body(body).patch(path).then();
  }

  static ValidatableResponse post(String key, String path, String body) {
    return as(key).body(body).post(path).then();
  }

  /** A 422 in problem details whose first error names {@code field}. */
  static ResponseSpecification unprocessable(String field) {
    return refused(422, field);
  }

  /** A 400 in problem details whose first error names {@code field}. */
  static ResponseSpecification badRequest(String field) {
    return refused(400, field);
  }

  private static ResponseSpecification refused(int status, String field) {
    return new ResponseSpecBuilder()
        .expectStatusCode(status)
        .expectContentType(Problem.MEDIA_TYPE)
        .expectBody("errors[0].field", equalTo(field))
        .build();
  }
}
