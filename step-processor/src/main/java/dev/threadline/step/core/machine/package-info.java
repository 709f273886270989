/**
 * The behaviour of the thread state machine, a folder on two axes: {@code commands/} by what
 * arrives, {@code awaits/} by what a running thread waits for, with the {@code tools/} a step's
 * calls go to and the {@code subagents/} they start. Only {@link
 * dev.threadline.step.core.machine.ThreadMachine} is used outside it; the rest is public only so
 * that its sub-packages reach each other ({@code CoreLayoutTest} holds both, and this table to the
 * files).
 *
 * <h2>Rules of the package</h2>
 *
 * <ul>
 *   <li>Pure: no Kafka, Avro, Quarkus, I/O, clock or randomness ({@code CorePurityTest}). Time is
 *       the input's {@code at}; request, call and child ids come from {@code Ids}, so replaying the
 *       same inputs gives the same bytes.
 *   <li>One {@code Decision} per input. The state changes only through its facts ({@code
 *       decision/}: its own, and the queue's, the turn's and the subagents' reached from it), each
 *       of which emits the event that records the change with it; the raw edit is private to the
 *       {@code decision} package.
 *   <li>One matcher: {@code Decision.awaited} decides whether an answer answers what the thread
 *       awaits (its conditions in {@code Answers}) and records every mismatch; each kind of wait
 *       has one file in {@code awaits/} with its whole life — issued, answered, timed out, retried.
 *   <li>One driver: each kind of wait's {@code answered} and each tool route says what happened — a
 *       {@code Settled} value — and calls nothing upward; only {@code TurnLoop.on} decides what
 *       follows (persist a result, the next call, drain and call the model, the stop rules, the end
 *       of the turn). One protocol of waiting: {@code Decision.await} sets the deadline, {@code
 *       Decision.reissue} records a re-issue, {@code Decision.awaited} restores the calls' batch.
 *   <li>Layered sub-packages, no cycles: {@code commands} → {@code tools} → {@code subagents} →
 *       {@code awaits} → {@code decision}; this package's files may use them all.
 *   <li>Bad input is a refusal ({@code CommandRejected}, an error tool result), never an exception.
 * </ul>
 *
 * <h2>Reading order</h2>
 *
 * {@code ThreadMachine} (two switches) → {@code decision/Decision} (facts, the matcher, the await
 * protocol) → {@code decision/Answers} → {@code Settled} (what happened) → {@code TurnLoop.follow}
 * (what follows every answer) → {@code awaits/ModelCalls} → {@code tools/ToolRouting} → {@code
 * tools/ToolCalls}; then any file.
 *
 * <h2>Files, their tests, the spec</h2>
 *
 * <table>
 *   <caption>file, what it decides, test classes (in the core's tests), spec 001 section</caption>
 *   <tr><th>file</th><th>what</th><th>tests</th><th>spec 001</th></tr>
 *   <tr><td>ThreadMachine</td><td>commands by type, answers by what is awaited</td>
 *       <td>InvariantsTest, GoldenTranscriptTest</td><td>§11 one flow at a time</td></tr>
 *   <tr><td>decision/Decision</td><td>the state in progress, its facts, the matcher</td>
 *       <td>InvariantsTest</td><td>§11</td></tr>
 *   <tr><td>decision/Draft</td><td>the transition drafted: state, outputs, the raw edit</td>
 *       <td>InvariantsTest</td><td>§11</td></tr>
 *   <tr><td>decision/Answers</td><td>which answer answers what</td><td>FailureHandlingTest</td>
 *       <td>(brief: delivery guarantees)</td></tr>
 *   <tr><td>decision/QueueFacts</td><td>work offered, taken, dropped</td>
 *       <td>MessageModelTest</td><td>§9</td></tr>
 *   <tr><td>decision/TurnFacts</td><td>a turn, its steps and calls, their cost</td>
 *       <td>StepCycleTest</td><td>§3, §6</td></tr>
 *   <tr><td>decision/EndingFacts</td><td>terminated, deleted</td>
 *       <td>ThreadLifecycleTest, DeletionTest</td><td>§10</td></tr>
 *   <tr><td>decision/ForkFacts</td><td>a fork's new thread taking its seeds</td>
 *       <td>ForkTest</td><td>—</td></tr>
 *   <tr><td>decision/SubagentFacts</td><td>the registry, the budget, held-back subagents</td>
 *       <td>SubagentLimitsTest, ScopedVariablesTest</td><td>§7</td></tr>
 *   <tr><td>Settings</td><td>limits, timings, context policy, flags</td><td>-</td><td>-</td></tr>
 *   <tr><td>TurnLoop</td><td>the one driver: what follows each outcome; start, drain, end</td>
 *       <td>StepCycleTest, TurnLoopTest</td><td>§3, §6</td></tr>
 *   <tr><td>Settled</td><td>what happened, as a wait or a tool route reports it</td>
 *       <td>StepCycleTest</td><td>§3, §5</td></tr>
 *   <tr><td>TurnLanes</td><td>the lane a turn opens on; how much of the queue it takes</td>
 *       <td>ToolLanesTopologyTest, OneQueuedPromptPerTurnTest</td><td>(seeds 003, 004)</td></tr>
 *   <tr><td>Behaviors</td><td>post-turn behaviours: what the turn did, the first one due</td>
 *       <td>PostTurnBehaviorsTest</td><td>—</td></tr>
 *   <tr><td>StopRules</td><td>the stop conditions in spec order; the session's turns</td>
 *       <td>StepCycleTest, DualAiTest</td><td>§6</td></tr>
 *   <tr><td>Started</td><td>a tool call as started: request id, index</td><td>StepCycleTest</td>
 *       <td>§5</td></tr>
 *   <tr><td>Arguments</td><td>lenient JSON arguments, attachment lists</td><td>SubagentCallsTest</td>
 *       <td>§7.4</td></tr>
 *   <tr><td>commands/Admission</td><td>a command to an existing thread: the caller's, taken</td>
 *       <td>ThreadLifecycleTest</td><td>§10</td></tr>
 *   <tr><td>commands/Lifecycle</td><td>create, abort, terminate, delete</td>
 *       <td>ThreadLifecycleTest</td><td>§2, §10</td></tr>
 *   <tr><td>commands/Inbox</td><td>messages, queued tools, steering, coalescing</td>
 *       <td>ThreadLifecycleTest, MessageModelTest</td><td>§2, §9</td></tr>
 *   <tr><td>commands/Branching</td><td>going on from an earlier state: regenerate, edit</td>
 *       <td>BranchTest</td><td>—</td></tr>
 *   <tr><td>commands/Forking</td><td>a fork: made by the thread forked, born, seeded</td>
 *       <td>ForkTest</td><td>—</td></tr>
 *   <tr><td>commands/Effects</td><td>schedule, cancel, fire; a recurring one set again</td>
 *       <td>EffectsAndApprovalsTest, TimerLimitsTest, RecurringEffectsTest</td><td>§2</td></tr>
 *   <tr><td>commands/KeyValues</td><td>a value written from outside</td><td>KeyValuesTest</td>
 *       <td>§14</td></tr>
 *   <tr><td>commands/CronThreads</td><td>a cron's firing that starts a thread of its own</td>
 *       <td>RecurringEffectsTest</td><td>—</td></tr>
 *   <tr><td>commands/AppendedMessages</td><td>messages appended to an idle thread, no turn</td>
 *       <td>AppendedMessagesTest</td><td>—</td></tr>
 *   <tr><td>commands/ThreadMetadata</td><td>the thread's metadata changed from outside</td>
 *       <td>ThreadMetadataTest</td><td>—</td></tr>
 *   <tr><td>commands/EnvVariables</td><td>the thread's env</td><td>EnvTest</td>
 *       <td>§7.5</td></tr>
 *   <tr><td>commands/ToolWrites</td><td>a tool's ThreadState writes, all or none</td>
 *       <td>ToolWritesTest</td><td>§14</td></tr>
 *   <tr><td>commands/ChildUpdates</td><td>a child's report: the registry, the model told</td>
 *       <td>ChildReportsTest, ChildResultsTest</td><td>§8, §10</td></tr>
 *   <tr><td>awaits/ModelCalls</td><td>the step's model call</td>
 *       <td>StepCycleTest, FailureHandlingTest</td><td>§3, §4</td></tr>
 *   <tr><td>awaits/ModelRequests</td><td>what every model request shares: event, limits, backoff</td>
 *       <td>FailureHandlingTest, SubpromptsTest</td><td>§3, §4</td></tr>
 *   <tr><td>awaits/ModelFallbacks</td><td>a call moving to the agent's next model</td>
 *       <td>ModelFallbacksTest</td><td>(models as resources)</td></tr>
 *   <tr><td>awaits/ModelBudgets</td><td>the budgets a model call waits for</td>
 *       <td>SpendingBudgetsTest, TokenAndSpendBudgetsTest</td><td>(operator budgets)</td></tr>
 *   <tr><td>awaits/ToolRequests</td><td>a tool call's request, to executors or stores</td>
 *       <td>StepCycleTest, ToolWritesTest</td><td>§5</td></tr>
 *   <tr><td>awaits/Approvals</td><td>permission ask: decision or timeout</td>
 *       <td>EffectsAndApprovalsTest</td><td>(brief: allow / deny / ask)</td></tr>
 *   <tr><td>awaits/Subprompts</td><td>a prompt called as a tool</td><td>SubpromptsTest</td>
 *       <td>§5.3</td></tr>
 *   <tr><td>awaits/BlockingSubagents</td><td>a call that waits for its child's result</td>
 *       <td>BlockingSubagentsTest</td><td>§7.1</td></tr>
 *   <tr><td>awaits/Compaction</td><td>summarizer, or the artifact built by rule</td>
 *       <td>ContextManagementTest</td><td>§4 (brief: context management)</td></tr>
 *   <tr><td>awaits/CreationHooks</td><td>hooks run before a thread's first turn</td>
 *       <td>CreationHooksTest</td><td>(brief: hooks)</td></tr>
 *   <tr><td>awaits/QueuedMessageHooks</td><td>the create hooks on a message the turn takes</td>
 *       <td>QueuedMessageHooksTest</td><td>(brief: hooks)</td></tr>
 *   <tr><td>awaits/ContinuationHooks</td><td>the create hooks on a compaction's continuation</td>
 *       <td>ContinuationHooksTest</td><td>(brief: hooks)</td></tr>
 *   <tr><td>awaits/HookReports</td><td>hooks an awaited result says did not do their part</td>
 *       <td>HooksTest</td><td>(brief: hooks)</td></tr>
 *   <tr><td>tools/ToolRouting</td><td>where a call goes</td><td>StepCycleTest</td>
 *       <td>§5</td></tr>
 *   <tr><td>tools/ToolCalls</td><td>a step's calls, one at a time; every result persisted</td>
 *       <td>StepCycleTest</td><td>§5</td></tr>
 *   <tr><td>tools/RuntimeToolHooks</td><td>the agent's tool hooks around calls run here</td>
 *       <td>RuntimeToolHooksTest</td><td>(brief: hooks)</td></tr>
 *   <tr><td>tools/SessionTools</td><td>sessionStop, sessionFail, sessionStatus</td>
 *       <td>StepCycleTest, ChildReportsTest</td><td>§6, §8.3</td></tr>
 *   <tr><td>tools/Handoffs</td><td>another agent takes the thread over</td><td>HandoffsTest</td>
 *       <td>§5.3</td></tr>
 *   <tr><td>subagents/Subagents</td><td>declared calls, subagent_create, subagent_message</td>
 *       <td>SubagentCallsTest, ResumableSubagentsTest</td><td>§7.1, §7.2</td></tr>
 *   <tr><td>subagents/SubagentStart</td><td>the checks every start passes, and the start</td>
 *       <td>SubagentCallsTest, ScopedVariablesTest</td><td>§7.1</td></tr>
 *   <tr><td>subagents/SubagentBudget</td><td>how deep, how many per turn, how many live</td>
 *       <td>SubagentLimitsTest</td><td>§7.1</td></tr>
 *   <tr><td>subagents/ImmediateSubagents</td><td>immediate subagents before the first step</td>
 *       <td>OptionalAndImmediateSubagentsTest</td><td>§7.3</td></tr>
 *   <tr><td>subagents/ChildEnv</td><td>a child's env and its name and description hints</td>
 *       <td>ScopedVariablesTest</td><td>§7.3–7.4</td></tr>
 *   <tr><td>subagents/SubagentVariables</td><td>a child held back for variables</td>
 *       <td>ScopedVariablesTest</td><td>§7.5</td></tr>
 *   <tr><td>subagents/ChildReports</td><td>what a child tells its parent</td>
 *       <td>ChildReportsTest, ChildResultsTest</td><td>§8, §10</td></tr>
 *   <tr><td>subagents/ChildEnds</td><td>no child outlives its parent</td>
 *       <td>SubagentLifecycleTest</td><td>§10</td></tr>
 * </table>
 */
package dev.threadline.step.core.machine;
