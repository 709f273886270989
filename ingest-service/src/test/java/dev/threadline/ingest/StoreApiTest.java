package dev.threadline.ingest;

import static dev.threadline.ingest.Door.post;
import static dev.threadline.ingest.Door.put;
import static dev.threadline.ingest.Door.unprocessable;
import static io.restassured.RestAssured.given;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/**
 * The store API refuses, naming the field, what can name no item or what the store cannot do,
 * before it writes or reads anything (what it does with a good request: LangGraphSdkAcceptance, on
 * a whole stack).
 */
@QuarkusTest
@QuarkusTestResource(ClusterResource.class)
class StoreApiTest {
  @Test
  void anItemsNamespaceKeyValueAndTimeToLiveAreHeldToTheStoresRules() {
    put("key-a", "/store/items", "{\"namespace\":\"users\",\"key\":\"k\",\"value\":{}}")
        .spec(unprocessable("namespace"));
    put("key-a", "/store/items", "{\"namespace\":[\"a.b\"],\"key\":\"k\",\"value\":{}}")
        .spec(unprocessable("namespace"));
    put("key-a", "/store/items", "{\"namespace\":[\"users\"],\"key\":\"\",\"value\":{}}")
        .spec(unprocessable("key"));
    put("key-a", "/store/items", "{\"namespace\":[\"users\"],\"key\":\"k\",\"value\":[1]}")
        .spec(unprocessable("value"));
    put("key-a", "/store/items", "{\"namespace\":[\"users\"],\"key\":\"k\",\"value\":{},\"ttl\":0}")
        .spec(unprocessable("ttl"));
    put(
            "key-a",
            "/store/items",
            "{\"namespace\":[\"users\"],\"key\":\"k\",\"value\":{\"v\":\""
                + "x".repeat(70_000)
                + "\"}}")
        .spec(unprocessable("value"));
  }

  @Test
  void aSearchBySemanticsOrWithAnUnknownComparisonIsRefused() {
    post("key-a", "/store/items/search", "{\"namespace_prefix\":[\"users\"],\"query\":\"tea\"}")
        .spec(unprocessable("query"));
    post(
            "key-a",
            "/store/items/search",
            "{\"namespace_prefix\":[\"users\"],\"filter\":{\"size\":{\"$near\":1}}}")
        .spec(unprocessable("filter"));
    post("key-a", "/store/items/search", "{\"limit\":0}").spec(unprocessable("limit"));
    post("key-a", "/store/namespaces", "{\"max_depth\":-1}").spec(unprocessable("max_depth"));
  }

  /** Threads created without a graph wait under {@code __threadline}: no client names it. */
  @Test
  void aNamespaceBeginningWithTwoUnderscoresIsThreadlinesOwn() {
    put(
            "key-a",
            "/store/items",
            "{\"namespace\":[\"__threadline\",\"threads\"],\"key\":\"t\",\"value\":{}}")
        .spec(unprocessable("namespace[0]"));
    Door.get("key-a", "/store/items?namespace=__threadline.threads&key=t")
        .spec(unprocessable("namespace[0]"));
    post("key-a", "/store/items/search", "{\"namespace_prefix\":[\"__threadline\"]}")
        .spec(unprocessable("namespace_prefix"));
    post("key-a", "/store/namespaces", "{\"prefix\":[\"__x\"]}").spec(unprocessable("prefix"));
  }

  @Test
  void theStoreNeedsAKey() {
    given().get("/store/items?namespace=users&key=k").then().statusCode(401);
  }
}
