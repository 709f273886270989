/**
 * The behaviour of the thread state machine. Only {@link
 * dev.threadline.step.core.machine.ThreadMachine} is public; the vocabulary it decides over (state,
 * inputs, outputs, events) is in {@code dev.threadline.step.core}.
 *
 * <h2>Rules of the package</h2>
 *
 * <ul>
 *   <li>Pure: no Kafka, Avro, Quarkus, I/O, clock or randomness ({@code CorePurityTest}). Time is
 *       the input's {@code at}; request, call and child ids are derived from thread, turn, step and
 *       call index ({@code Ids}), so replaying the same inputs gives the same bytes.
 *   <li>One {@code Decision} per input. Handlers change the state only through its facts, each of
 *       which emits its event with the change ({@code append}, {@code changeStatus}, {@code
 *       reject}, {@code admit}, {@code fenceInFlight}, ...).
 *   <li>Handlers are static functions of the decision, one responsibility per file; the files read
 *       as the spec's table of contents.
 *   <li>Bad input is a refusal ({@code CommandRejected}, an error tool result), never an exception.
 * </ul>
 *
 * <h2>Reading order</h2>
 *
 * {@code ThreadMachine} (guards and dispatch) → {@code Decision} (facts) → {@code Inbox} → {@code
 * TurnLoop} → {@code ModelCalls} → {@code ToolRouting} → {@code ToolCalls}; then any handler.
 *
 * <h2>Handlers, their tests, the spec</h2>
 *
 * <table>
 *   <caption>handler file, test class (in the core's tests), spec section</caption>
 *   <tr><th>handler</th><th>test class</th><th>spec 001</th></tr>
 *   <tr><td>ThreadMachine, Decision</td><td>InvariantsTest, GoldenTranscriptTest</td>
 *       <td>§11 one flow at a time</td></tr>
 *   <tr><td>Lifecycle</td><td>ThreadLifecycleTest</td><td>§2, §10</td></tr>
 *   <tr><td>Inbox</td><td>ThreadLifecycleTest, MessageModelTest</td><td>§2, §9</td></tr>
 *   <tr><td>Effects</td><td>EffectsAndApprovalsTest</td><td>§2 scheduled effect</td></tr>
 *   <tr><td>TurnLoop</td><td>StepCycleTest</td><td>§3, §6</td></tr>
 *   <tr><td>ImmediateSubagents</td><td>SubagentsTest</td><td>§7.3</td></tr>
 *   <tr><td>ModelCalls</td><td>StepCycleTest, FailureHandlingTest</td><td>§3, §4</td></tr>
 *   <tr><td>ToolRouting, ToolCalls</td><td>StepCycleTest</td><td>§5</td></tr>
 *   <tr><td>SessionTools</td><td>StepCycleTest, SubagentsTest</td><td>§6, §8.3</td></tr>
 *   <tr><td>Approvals</td><td>EffectsAndApprovalsTest</td><td>(brief: allow / deny / ask)</td>
 *   </tr>
 *   <tr><td>Subagents</td><td>SubagentsTest</td><td>§7.1, §7.2, §7.4</td></tr>
 *   <tr><td>ChildReports</td><td>SubagentsTest, ChildReportsTest, BlockingSubagentsTest</td>
 *       <td>§8, §10; blocking subagents</td></tr>
 *   <tr><td>Subprompts</td><td>SubpromptsTest</td><td>§5.3 prompt tools</td></tr>
 *   <tr><td>Handoffs</td><td>HandoffsTest</td><td>§5.3 ai_human handoff</td></tr>
 *   <tr><td>Compaction</td><td>ContextManagementTest</td><td>§4 (brief: context management)</td>
 *   </tr>
 *   <tr><td>Deadlines</td><td>FailureHandlingTest</td><td>§11 (brief: delivery guarantees)</td>
 *   </tr>
 *   <tr><td>Arguments</td><td>SubagentsTest</td><td>§7.4 payload mapping</td></tr>
 * </table>
 */
package dev.threadline.step.core.machine;
