package dev.threadline.step.core;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.threadline.step.core.machine.ThreadMachine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The core's shape. The machine is a folder on two axes — {@code commands/} by what arrives, {@code
 * awaits/} by what a running thread waits for, with {@code tools/} and {@code subagents/} — whose
 * classes are public only so that its sub-packages reach each other: these rules take the place of
 * package-privacy, and keep the files reading as the spec's table of contents.
 */
class CoreLayoutTest {
  private static final Path CORE = Path.of("src/main/java/dev/threadline/step/core");
  private static final Path MACHINE = CORE.resolve("machine");
  private static final String MACHINE_PACKAGE = "dev.threadline.step.core.machine";
  private static final int MAX_LINES = 300;

  private static final JavaClasses MAIN =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("dev.threadline.step");
  private static final JavaClasses ALL = new ClassFileImporter().importPackages("dev.threadline");

  @Test
  void noCoreSourceFileIsLongerThan300Lines() throws IOException {
    for (Path source : sources(CORE)) {
      assertThat(Files.readAllLines(source))
          .as("%s has more than %d lines", source, MAX_LINES)
          .hasSizeLessThanOrEqualTo(MAX_LINES);
    }
  }

  @Test
  void outsideTheMachineOnlyThreadMachineIsUsed() {
    noClasses()
        .that()
        .resideOutsideOfPackage(MACHINE_PACKAGE + "..")
        .should()
        .dependOnClassesThat(
            com.tngtech.archunit.base.DescribedPredicate.describe(
                "are in the machine other than ThreadMachine",
                (JavaClass c) ->
                    c.getPackageName().startsWith(MACHINE_PACKAGE)
                        && !c.isEquivalentTo(ThreadMachine.class)))
        .check(ALL);
  }

  /**
   * The state changes only through the decision's facts: outside {@code machine.decision} (and the
   * state's own transitions) nothing edits a state or moves it by a transition.
   */
  @Test
  void theStateChangesOnlyThroughTheDecisionsFacts() {
    noClasses()
        .that()
        .resideOutsideOfPackage(MACHINE_PACKAGE + ".decision")
        .and()
        .doNotBelongToAnyOf(MachineState.class, MachineStateBuilder.class)
        .should()
        .callMethodWhere(
            com.tngtech.archunit.base.DescribedPredicate.describe(
                "it makes a new state from one (an edit or a transition)",
                call ->
                    call.getTargetOwner().isEquivalentTo(MachineState.class)
                        && call.getTarget().getRawReturnType().isEquivalentTo(MachineState.class)
                        && !call.getName().equals("created")))
        .orShould()
        .setFieldWhere(
            com.tngtech.archunit.base.DescribedPredicate.describe(
                "it is a field of a state being edited",
                access -> access.getTargetOwner().isEquivalentTo(MachineStateBuilder.class)))
        .check(MAIN);
  }

  @Test
  void onlyTheMatcherRecordsThatAResultWasIgnored() {
    onlyTheDecisionBuilds(Event.ResultIgnored.class);
  }

  /** Within the core, nothing but {@code Decision} calls a constructor of {@code type}. */
  private static void onlyTheDecisionBuilds(Class<?> type) {
    noClasses()
        .that()
        .resideInAPackage("dev.threadline.step.core..")
        .and()
        .doNotHaveFullyQualifiedName(MACHINE_PACKAGE + ".decision.Decision")
        .should()
        .callConstructorWhere(
            com.tngtech.archunit.base.DescribedPredicate.describe(
                "it builds a " + type.getSimpleName(),
                call -> call.getTargetOwner().isEquivalentTo(type)))
        .check(MAIN);
  }

  /**
   * Each kind of wait is handled by one file: besides the dispatch ({@code ThreadMachine}) and the
   * matcher ({@code Answers}), a machine class names at most one kind, and no two name the same.
   */
  @Test
  void eachKindOfWaitIsHandledInOneFile() {
    Map<String, String> handlerOfKind = new TreeMap<>();
    for (JavaClass c : MAIN) {
      if (!c.getPackageName().startsWith(MACHINE_PACKAGE)
          || Set.of("ThreadMachine", "Answers").contains(c.getSimpleName())) {
        continue;
      }
      Set<String> kinds = kindsNamedBy(c);
      assertThat(kinds).as("kinds of wait %s handles", c.getName()).hasSizeLessThanOrEqualTo(1);
      String file = c.getName().replaceAll("\\$.*", "");
      for (String kind : kinds) {
        String other = handlerOfKind.putIfAbsent(kind, file);
        assertThat(other == null || other.equals(file))
            .as("%s is handled by %s and by %s", kind, other, file)
            .isTrue();
      }
    }
    assertThat(handlerOfKind.keySet()).isEqualTo(kindsOf(Awaiting.class));
  }

  /** The record types a sealed interface permits, through its sealed sub-interfaces. */
  private static Set<String> kindsOf(Class<?> sealed) {
    Set<String> kinds = new TreeSet<>();
    for (Class<?> c : sealed.getPermittedSubclasses()) {
      if (c.isRecord()) {
        kinds.add(c.getSimpleName());
      } else {
        kinds.addAll(kindsOf(c));
      }
    }
    return kinds;
  }

  /**
   * The sub-packages are layers: what arrives ({@code commands}) may use the tool calls, which may
   * start subagents, which may wait; every one of them uses the decision. Nothing reaches up.
   */
  @Test
  void theMachinesSubPackagesAreLayeredWithoutCycles() {
    slices().matching(MACHINE_PACKAGE + ".(*)..").should().beFreeOfCycles().check(MAIN);
    layeredArchitecture()
        .consideringOnlyDependenciesInLayers()
        .layer("commands")
        .definedBy(MACHINE_PACKAGE + ".commands..")
        .layer("tools")
        .definedBy(MACHINE_PACKAGE + ".tools..")
        .layer("subagents")
        .definedBy(MACHINE_PACKAGE + ".subagents..")
        .layer("awaits")
        .definedBy(MACHINE_PACKAGE + ".awaits..")
        .layer("decision")
        .definedBy(MACHINE_PACKAGE + ".decision..")
        .whereLayer("commands")
        .mayNotBeAccessedByAnyLayer()
        .whereLayer("tools")
        .mayOnlyBeAccessedByLayers("commands")
        .whereLayer("subagents")
        .mayOnlyBeAccessedByLayers("commands", "tools")
        .whereLayer("awaits")
        .mayOnlyBeAccessedByLayers("commands", "tools", "subagents")
        .check(MAIN);
  }

  /**
   * Only the driver decides what follows an answer: the waits, the tool routes and the subagents
   * return what happened ({@code Settled}) and never go on themselves.
   */
  @Test
  void onlyTheTurnLoopGoesOnFromWhatHappened() {
    noClasses()
        .that()
        .resideInAnyPackage(
            MACHINE_PACKAGE + ".awaits..",
            MACHINE_PACKAGE + ".subagents..",
            MACHINE_PACKAGE + ".tools..")
        .and()
        .doNotHaveFullyQualifiedName(MACHINE_PACKAGE + ".tools.ToolCalls")
        .should()
        .dependOnClassesThat()
        .haveFullyQualifiedName(MACHINE_PACKAGE + ".TurnLoop")
        .orShould()
        .dependOnClassesThat()
        .haveFullyQualifiedName(MACHINE_PACKAGE + ".tools.ToolCalls")
        .check(MAIN);
    noClasses()
        .that()
        .haveFullyQualifiedName(MACHINE_PACKAGE + ".tools.ToolCalls")
        .should()
        .dependOnClassesThat()
        .haveFullyQualifiedName(MACHINE_PACKAGE + ".TurnLoop")
        .check(MAIN);
  }

  /**
   * No two files of the machine use each other: what happened flows up to the driver as a value,
   * and the facts reach the state through the draft they are made of, not the decision that holds
   * them.
   */
  @Test
  void noTwoMachineFilesUseEachOther() {
    Map<String, Set<String>> uses = new TreeMap<>();
    for (JavaClass c : MAIN) {
      if (c.getPackageName().startsWith(MACHINE_PACKAGE)) {
        for (var dependency : c.getDirectDependenciesFromSelf()) {
          JavaClass target = dependency.getTargetClass();
          if (target.getPackageName().startsWith(MACHINE_PACKAGE)) {
            uses.computeIfAbsent(file(c), k -> new TreeSet<>()).add(file(target));
          }
        }
      }
    }
    Set<String> mutual = new TreeSet<>();
    uses.forEach(
        (a, targets) -> {
          for (String b : targets) {
            if (a.compareTo(b) < 0 && uses.getOrDefault(b, Set.of()).contains(a)) {
              mutual.add(a + " <-> " + b);
            }
          }
        });
    assertThat(mutual).as("machine files that use each other").isEmpty();
  }

  private static String file(JavaClass c) {
    return c.getName().replaceAll("\\$.*", "").substring(MACHINE_PACKAGE.length() + 1);
  }

  /**
   * Waiting has one protocol: only the decision sets a deadline or records that a request goes
   * again for want of a result.
   */
  @Test
  void onlyTheDecisionSetsADeadlineOrRecordsAReissue() throws IOException {
    onlyTheDecisionBuilds(Output.SetDeadline.class);
    // A constant is inlined where it is used, so its uses are counted in the sources.
    long uses = 0;
    for (Path source : sources(MACHINE)) {
      String text = Files.readString(source);
      uses += Pattern.compile("\\bNO_RESULT\\b").matcher(text).results().count();
    }
    assertThat(uses).as("NO_RESULT: its definition and the one use").isEqualTo(2);
  }

  @Test
  void everyMachineFileIsInThePackageTableAndTheDocsTable() throws IOException {
    Set<String> files = new TreeSet<>();
    for (Path source : sources(MACHINE)) {
      String name = MACHINE.relativize(source).toString().replace(".java", "");
      if (!name.endsWith("package-info")) {
        files.add(name);
      }
    }
    String packageInfo = Files.readString(MACHINE.resolve("package-info.java"));
    assertThat(tabled(packageInfo, Pattern.compile("<tr><td>([^<]+)</td>")))
        .as("files in the table of machine/package-info.java")
        .isEqualTo(files);
    String docs = Files.readString(Path.of("../docs/step-processor.md"));
    String layout =
        docs.substring(docs.indexOf("## The core's layout"), docs.indexOf("## Topology"));
    assertThat(tabled(layout, Pattern.compile("(?m)^\\| (`[^|]+`) \\|")))
        .as("files in the table of docs/step-processor.md")
        .isEqualTo(files);
  }

  private static Set<String> kindsNamedBy(JavaClass c) {
    return c.getDirectDependenciesFromSelf().stream()
        .map(d -> d.getTargetClass())
        .filter(t -> t.getEnclosingClass().map(e -> e.isEquivalentTo(Awaiting.class)).orElse(false))
        .filter(JavaClass::isRecord)
        .map(JavaClass::getSimpleName)
        .collect(Collectors.toCollection(TreeSet::new));
  }

  /** The file names in the first column of a table: comma-separated, in code quotes or not. */
  private static Set<String> tabled(String text, Pattern firstCell) {
    Set<String> names = new TreeSet<>();
    Matcher m = firstCell.matcher(text);
    while (m.find()) {
      for (String name : m.group(1).split(",")) {
        names.add(name.replace("`", "").trim());
      }
    }
    return names;
  }

  private static List<Path> sources(Path root) throws IOException {
    try (Stream<Path> files = Files.walk(root)) {
      List<Path> sources = files.filter(p -> p.toString().endsWith(".java")).sorted().toList();
      assertThat(sources).hasSizeGreaterThan(20);
      return sources;
    }
  }
}
