package dev.threadline.executor.code;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.executor.code.CodeResult.Status;
import dev.threadline.executor.code.JsValues.JsMap;
import dev.threadline.executor.code.JsValues.TypedArray;
import java.math.BigInteger;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Spec §13.9, one test per rule: the twelve MUSTs (rule 6 in RunCodeWallsTest), then the SHOULDs.
 */
class RunCodeConformanceTest extends SandboxTest {
  // 1
  @Test
  void runCodeReturnsAHandleThatSettles() throws Exception {
    CodeExecution handle = sandbox.run("tenant-a", "export default 1 + 1;", CodeOptions.defaults());
    CodeResult result = handle.result().get(60, TimeUnit.SECONDS);
    assertThat(result.status()).isEqualTo(Status.OK);
    assertThat(result.result()).isEqualTo(2);
  }

  // 2
  @Test
  void typeScriptIsTheDefaultAndRunsAsAnEsModuleWithTopLevelAwait() throws Exception {
    CodeResult result =
        run(
            """
            interface Point { x: number; y: number }
            const p: Point = { x: 3, y: 4 };
            const d = await Promise.resolve(Math.hypot(p.x, p.y) as number);
            export default function (scale: number = 2): number { return d * scale; }
            """);
    assertThat(result.status()).as("%s", result.error()).isEqualTo(Status.OK);
    assertThat(result.result()).isEqualTo(10);
  }

  // 3
  @Test
  void bareSpecifiersResolveOnlyFromImportsAndRelativeOnlyFromModules() throws Exception {
    CodeOptions options =
        CodeOptions.defaults()
            .withImports(Map.of("math-lib", Map.of("default", 10, "two", 2)))
            .withModules(Map.of("./util.ts", "export const three: number = 3;"));
    CodeResult ok =
        run(
            "import ten, { two } from 'math-lib'; import { three } from './util.ts';"
                + " export default ten + two + three;",
            options);
    assertThat(ok.result()).as("%s", ok.error()).isEqualTo(15);
    for (String specifier :
        List.of(
            "lodash",
            "./missing.ts",
            "https://example.com/x.js",
            "data:text/javascript,export default 1",
            "/etc/passwd",
            "../outside.ts")) {
      CodeResult refused = run("import x from '" + specifier + "'; export default x;", options);
      assertThat(refused.status()).as(specifier).isEqualTo(Status.LINK_ERROR);
      assertThat(refused.error().message()).contains(specifier);
    }
  }

  // 4
  @Test
  void globalsAreInstalledAtModuleScopeAndNotOnGlobalThis() throws Exception {
    CodeResult result =
        run(
            "export default [answer, 'answer' in globalThis, Object.keys(globalThis).includes('answer'),"
                + " typeof globalThis.answer];",
            CodeOptions.defaults().withGlobals(Map.of("answer", 42)));
    assertThat(result.result()).isEqualTo(List.of(42, false, false, "undefined"));
  }

  // 5
  @Test
  void globalThisHoldsOnlyEcmaScriptIntrinsics() throws Exception {
    CodeResult result =
        run(
            "export default ['fetch','setTimeout','setInterval','process','require','console','print',"
                + "'Graal','Java','Polyglot','load','quit','module','exports','__threadline_host']"
                + ".filter(n => typeof globalThis[n] !== 'undefined' || n in globalThis);");
    assertThat(result.result()).isEqualTo(List.of());
    CodeResult names = run("export default Object.getOwnPropertyNames(globalThis);");
    assertThat((List<?>) names.result())
        .allMatch(n -> INTRINSICS.contains(n), "every own property of globalThis is an intrinsic");
  }

  private static final Set<String> INTRINSICS =
      Set.of(
          "Object",
          "Function",
          "Array",
          "String",
          "Date",
          "Number",
          "Boolean",
          "RegExp",
          "Math",
          "JSON",
          "NaN",
          "Infinity",
          "undefined",
          "isNaN",
          "isFinite",
          "parseFloat",
          "parseInt",
          "encodeURI",
          "encodeURIComponent",
          "decodeURI",
          "decodeURIComponent",
          "eval",
          "escape",
          "unescape",
          "Error",
          "EvalError",
          "RangeError",
          "ReferenceError",
          "SyntaxError",
          "TypeError",
          "URIError",
          "AggregateError",
          "ArrayBuffer",
          "Int8Array",
          "Uint8Array",
          "Uint8ClampedArray",
          "Int16Array",
          "Uint16Array",
          "Int32Array",
          "Uint32Array",
          "Float16Array",
          "Float32Array",
          "Float64Array",
          "BigInt64Array",
          "BigUint64Array",
          "DataView",
          "BigInt",
          "Map",
          "Set",
          "WeakMap",
          "WeakSet",
          "Symbol",
          "Reflect",
          "Proxy",
          "Promise",
          "Iterator",
          "globalThis",
          "WeakRef",
          "FinalizationRegistry",
          "Intl");

  // 7
  @Test
  void memoryOverrunSettlesWithMemory() throws Exception {
    String bomb =
        "const hoard = []; while (true) hoard.push(new Array(100000).fill(1.5)); export default 1;";
    CodeResult result = run(bomb, CodeOptions.defaults().withMemoryLimitBytes(16L << 20));
    assertThat(result.status()).isEqualTo(Status.MEMORY);
    assertThat(result.error().message()).contains(String.valueOf(16L << 20));
    CodeResult clamped = run(bomb, CodeOptions.defaults().withMemoryLimitBytes(1L << 40));
    assertThat(clamped.status()).isEqualTo(Status.MEMORY);
    assertThat(clamped.error().message()).contains(String.valueOf(128L << 20)).contains("ceiling");
  }

  // 8
  @Test
  // How soon it settles is a figure of RunCodeBench's (timed assertions fail on a busy machine).
  void terminateSettlesTerminatedWithItsReasonAtAYieldPointAndInATightLoop() throws Exception {
    for (String code :
        List.of(
            "export default await wait();",
            "await started(); for (;;) {} export default 1;",
            "await started(); let n = 0; while (true) { n++; } export default n;")) {
      CompletableFuture<Object> called = new CompletableFuture<>();
      HostFunction wait =
          args -> {
            called.complete(true);
            return new CompletableFuture<>(); // never answers: the code waits at a yield point
          };
      HostFunction started =
          args -> {
            called.complete(true);
            return CompletableFuture.completedFuture(true);
          };
      CodeExecution handle =
          sandbox.run(
              "tenant-a",
              code,
              CodeOptions.defaults().withGlobals(Map.of("wait", wait, "started", started)));
      called.get(60, TimeUnit.SECONDS);
      handle.terminate("the user pressed stop");
      CodeResult result = handle.result().get(60, TimeUnit.SECONDS);
      assertThat(result.status()).as(code).isEqualTo(Status.TERMINATED);
      assertThat(result.error().message()).as(code).isEqualTo("the user pressed stop");
      handle.terminate("again"); // idempotent
      assertThat(handle.result().get().error().message()).isEqualTo("the user pressed stop");
    }
  }

  @Test
  void terminateStopsATightLoopAndTheSafetyCapStopsOneNobodyStops() throws Exception {
    CodeExecution loop =
        sandbox.run("tenant-a", "while (true) {} export default 1;", CodeOptions.defaults());
    loop.terminate(null);
    assertThat(loop.result().get(60, TimeUnit.SECONDS).status()).isEqualTo(Status.TERMINATED);
    CodeResult capped = run("for (;;) {} export default 1;");
    assertThat(capped.status()).isEqualTo(Status.TERMINATED);
    assertThat(capped.error().message()).contains("safety cap");
  }

  // 9
  @Test
  void valuesCrossByStructuredCloneAndFunctionsAsCallableProxies() throws Exception {
    Map<String, Object> shared = new LinkedHashMap<>(Map.of("n", 1));
    List<List<Object>> calls = new ArrayList<>();
    HostFunction twice =
        args -> {
          calls.add(args);
          return CompletableFuture.supplyAsync(() -> ((Number) args.get(0)).intValue() * 2);
        };
    Map<Object, Object> entries = new LinkedHashMap<>();
    entries.put("k", 1);
    Map<String, Object> globals = new LinkedHashMap<>();
    globals.put("shared", shared);
    globals.put("twice", twice);
    globals.put("when", Instant.ofEpochMilli(86_400_000));
    globals.put("tags", new LinkedHashSet<>(List.of("a", "b")));
    globals.put("table", new JsMap(entries));
    globals.put("bytes", new byte[] {1, 2, (byte) 255});
    globals.put("big", new BigInteger("12345678901234567890"));
    CodeResult result =
        run(
            """
            shared.n = 99;
            const doubled = await twice(21, new Map([['x', 1]]));
            export default {
              doubled, date: when instanceof Date, day: when.getTime(), tags: tags.has('b'),
              table: table.get('k'), bytes: bytes instanceof Uint8Array ? bytes[2] : -1,
              big: big + 1n, out: [new Map([[1, 'one']]), new Set([1]), new Date(0), new Int16Array([7])],
            };
            """,
            CodeOptions.defaults().withGlobals(globals));
    assertThat(result.status()).as("%s", result.error()).isEqualTo(Status.OK);
    Map<?, ?> value = (Map<?, ?>) result.result();
    assertThat(value.get("doubled")).isEqualTo(42);
    assertThat(value.get("date")).isEqualTo(true);
    assertThat(value.get("day")).isEqualTo(86_400_000);
    assertThat(value.get("tags")).isEqualTo(true);
    assertThat(value.get("table")).isEqualTo(1);
    assertThat(value.get("bytes")).isEqualTo(255);
    assertThat(value.get("big")).isEqualTo(new BigInteger("12345678901234567891"));
    List<?> out = (List<?>) value.get("out");
    assertThat(out.get(0)).isEqualTo(new JsMap(Map.of(1, "one")));
    assertThat(out.get(1)).isEqualTo(Set.of(1));
    assertThat(out.get(2)).isEqualTo(Instant.EPOCH);
    assertThat(out.get(3)).isEqualTo(new TypedArray("Int16Array", List.of(7)));
    assertThat(shared)
        .as("a copy went in: the host's object is untouched")
        .isEqualTo(Map.of("n", 1));
    assertThat(calls.get(0)).isEqualTo(List.of(21, new JsMap(Map.of("x", 1))));
    CodeResult instance =
        run("class Point { constructor() { this.x = 1; } } export default new Point();");
    assertThat(instance.status()).isEqualTo(Status.ERROR);
    assertThat(instance.error().name()).isEqualTo("SerializationError");
    assertThat(run("export default () => () => 1;").error().name()).isEqualTo("SerializationError");
  }

  // 10
  @Test
  void theConfiguredExportResolvesInSpecOrder() throws Exception {
    String module =
        "export const value = 7; export function add(a, b) { return a + b; }"
            + " export async function later(x) { return { then(r) { r(Promise.resolve(x * 3)); } }; }"
            + " export function fails() { throw new RangeError('no'); }"
            + " export async function rejects() { throw new TypeError('never'); }";
    assertThat(run(module, CodeOptions.defaults().withExecute("add", List.of(2, 3))).result())
        .isEqualTo(5);
    assertThat(run(module, CodeOptions.defaults().withExecute("later", List.of(2))).result())
        .isEqualTo(6);
    assertThat(run(module, CodeOptions.defaults().withExecute("value", List.of())).result())
        .isEqualTo(7);
    assertThat(run(module, CodeOptions.defaults().withExecute("missing", List.of())).status())
        .isEqualTo(Status.LINK_ERROR);
    assertThat(run(module, CodeOptions.defaults().withExecute("value", List.of(1))).status())
        .isEqualTo(Status.ERROR);
    CodeResult thrown = run(module, CodeOptions.defaults().withExecute("fails", List.of()));
    assertThat(thrown.status()).isEqualTo(Status.ERROR);
    assertThat(thrown.error().name()).isEqualTo("RangeError");
    assertThat(run(module, CodeOptions.defaults().withExecute("rejects", List.of())).error().name())
        .isEqualTo("TypeError");
    assertThat(run(module).status()).as("no default export").isEqualTo(Status.LINK_ERROR);
  }

  // 11
  @Test
  void statusCodesAreTheContractsExactly() {
    assertThat(Arrays.stream(Status.values()).map(Status::wire))
        .containsExactly("ok", "error", "link_error", "memory", "terminated");
  }

  // 12
  @Test
  void eachCallGetsAFreshIsolateAndPrototypeTamperingNeverReachesTheHost() throws Exception {
    CodeResult tamper =
        run(
            """
            globalThis.leak = 1;
            Object.prototype.polluted = 'yes';
            Array.prototype.push = () => { throw new Error('tampered'); };
            Object.defineProperty(Array.prototype, '0', { set() { throw new Error('setter'); } });
            Map.prototype.forEach = () => {};
            export default { list: [1, 2], map: new Map([['a', 1]]) };
            """);
    assertThat(tamper.status()).as("%s", tamper.error()).isEqualTo(Status.OK);
    assertThat(tamper.result())
        .isEqualTo(Map.of("list", List.of(1, 2), "map", new JsMap(Map.of("a", 1))));
    assertThat(new Object().getClass()).isEqualTo(Object.class);
    CodeResult fresh =
        run("export default [typeof globalThis.leak, ({}).polluted, typeof [].push];");
    assertThat(fresh.result())
        .isEqualTo(List.of("undefined", JsValues.Undefined.INSTANCE, "function"));
  }

  // SHOULD: console captured
  @Test
  void consoleLogsAreCapturedWhenNoConsoleIsSupplied() throws Exception {
    CodeResult result =
        run("console.log('hello', { a: 1 }); console.warn('careful'); export default 0;");
    assertThat(result.logs())
        .containsExactly(
            new CodeResult.LogLine("log", "hello {\"a\":1}"),
            new CodeResult.LogLine("warn", "careful"));
  }

  // SHOULD: positions
  @Test
  void syntaxAndLinkErrorsCarryLineAndColumnInTheCallersSource() throws Exception {
    CodeResult syntax = run("const a: number = 1;\nconst b = ;\nexport default a;");
    assertThat(syntax.status()).isEqualTo(Status.ERROR);
    assertThat(syntax.error().name()).isEqualTo("SyntaxError");
    assertThat(syntax.error().line()).isEqualTo(2);
    CodeResult jsSyntax =
        run("export default (;", CodeOptions.defaults().withLanguage("javascript"));
    assertThat(jsSyntax.error().line()).isEqualTo(1);
    assertThat(jsSyntax.error().column()).isBetween(15, 18);
    CodeResult link =
        run("const x: number = 1;\n  import y from 'nowhere';\nexport default x + y;");
    assertThat(link.status()).isEqualTo(Status.LINK_ERROR);
    assertThat(link.error().line()).isEqualTo(2);
    assertThat(link.error().column()).as("at the specifier").isEqualTo(17);
    CodeResult thrown = run("const x = 1;\n\nthrow new Error('boom');\nexport default x;");
    assertThat(thrown.error().line()).isEqualTo(3);
  }
}
