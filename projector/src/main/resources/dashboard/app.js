// Threadline dashboard: the thread list, one thread's live timeline and the stats, all from the
// projector's /v1 API with the caller's bearer key. No framework, no build step.
"use strict";

const state = { key: "", selected: null, stream: null, lastSeq: 0, linked: null, agent: null, view: "timeline" };
const $ = (selector) => document.querySelector(selector);

// The key is kept for this tab's session only: it is a tenant's credential, and storage that
// outlives the session outlives the person who typed it (earlier versions used localStorage). It
// leaves the address bar at once; a thread or an agent named in the fragment (#thread=<id>,
// #agent=<name>) stays there, a link to that thread's timeline or that agent's threads. Returns
// the thread, if any; the agent filters the list.
function readFragment() {
  localStorage.removeItem("threadline.key");
  const fragment = new URLSearchParams(location.hash.slice(1));
  const fromFragment = fragment.get("key");
  // A link's key is taken only by a tab that has none: a link someone else made must not switch
  // this tab to their tenant unseen (what it is then shown, and typed into, would be theirs).
  const stored = sessionStorage.getItem("threadline.key");
  if (fromFragment && !stored) sessionStorage.setItem("threadline.key", fromFragment);
  $("#key-notice").hidden = !(fromFragment && stored && fromFragment !== stored);
  state.key = sessionStorage.getItem("threadline.key") || "";
  $("#api-key").value = state.key;
  const thread = fragment.get("thread");
  state.agent = fragment.get("agent");
  showView(fragment.get("view") === "chat" ? "chat" : "timeline");
  state.linked = thread;
  $("#agent-filter").hidden = !state.agent;
  $("#agent-filter-name").textContent = state.agent || "";
  history.replaceState(null, "", location.pathname + linkFragment(thread));
  return thread;
}

function linkFragment(thread) {
  const parts = [];
  if (thread) parts.push("thread=" + encodeURIComponent(thread));
  if (state.agent) parts.push("agent=" + encodeURIComponent(state.agent));
  if (state.view === "chat") parts.push("view=chat");
  return parts.length ? "#" + parts.join("&") : "";
}

async function api(path) {
  const response = await fetch(path, { headers: { Authorization: "Bearer " + state.key } });
  if (!response.ok) {
    const problem = await response.json().catch(() => ({}));
    throw new Error(response.status + " " + (problem.detail || response.statusText));
  }
  return response.json();
}

function setConnection(text, ok) {
  const el = $("#connection");
  el.textContent = text;
  el.className = ok ? "" : "muted";
}

function cell(row, text, className) {
  const td = row.insertCell();
  td.textContent = text;
  if (className) td.className = className;
  return td;
}

function time(iso) {
  return new Date(iso).toLocaleTimeString();
}

async function refreshThreads() {
  const status = $("#status-filter").value;
  const agent = state.agent ? "&agent=" + encodeURIComponent(state.agent) : "";
  const answer = await api("/v1/threads?limit=100" + (status ? "&status=" + status : "") + agent);
  const body = $("#threads tbody");
  body.replaceChildren();
  for (const t of answer.threads) {
    const row = body.insertRow();
    row.dataset.threadId = t.threadId;
    if (t.threadId === state.selected) row.classList.add("selected");
    cell(row, (t.parentThreadId ? "↳ " : "") + t.threadId);
    cell(row, t.agent + (t.tags.length ? ` (${t.tags.join(", ")})` : ""));
    cell(
      row,
      t.status + (t.waitingForBudget ? ` · waiting for budget until ${time(t.waitingForBudgetUntil)}` : ""),
      "status-" + t.status,
    );
    cell(row, t.turns);
    cell(row, t.steps);
    cell(row, t.inputTokens + t.outputTokens);
    cell(row, time(t.lastActivity));
    row.addEventListener("click", () => selectThread(t.threadId));
    // Keyboard: Tab reaches a row, Enter opens it.
    row.tabIndex = 0;
    row.addEventListener("keydown", (e) => { if (e.key === "Enter") selectThread(t.threadId); });
  }
}

/** The selected thread's status, turns and use, and a budget it waits for, from its summary. */
async function refreshFacts() {
  if (state.selected) showFacts(await api("/v1/threads/" + encodeURIComponent(state.selected)));
}

function showFacts(t) {
  const tokens = t.inputTokens + t.outputTokens;
  const budget = t.waitingForBudget ? ` · waiting for ${t.waitingForBudget} until ${time(t.waitingForBudgetUntil)}` : "";
  const fork = t.forkedFrom ? ` · forked from ${t.forkedFrom.threadId} at event ${t.forkedFrom.atSeq}` : "";
  $("#thread-facts").textContent =
    `${t.status} · ${t.turns} turns · ${t.steps} steps · ${tokens} tokens (${t.inputTokens} in, ${t.outputTokens} out)${budget}${fork}`;
}

/** A tool's log line (ThreadState.log): its level and message. */
function logLine(dataJson) {
  try {
    const line = JSON.parse(dataJson);
    return `log ${line.level}: ${line.message}`;
  } catch (e) {
    return `log: ${dataJson}`;
  }
}

function spark(series, field) {
  const max = Math.max(1, ...series.map((p) => p[field]));
  const width = 4 * series.length;
  const bars = series
    .map((p, i) => {
      const h = Math.round((14 * p[field]) / max);
      return `<rect x="${i * 4}" y="${14 - h}" width="3" height="${h}"><title>${p.minute}: ${p[field]}</title></rect>`;
    })
    .join("");
  return `<svg class="spark" width="${width}" height="14" viewBox="0 0 ${width} 14">${bars}</svg>`;
}

async function refreshStats() {
  const stats = await api("/v1/stats?minutes=15");
  $("#stats-minutes").textContent = stats.minutes;
  const cards = $("#status-counts");
  cards.replaceChildren();
  const counts = Object.assign({ total: stats.threads.total }, stats.threads.byStatus);
  for (const [name, count] of Object.entries(counts)) {
    const card = document.createElement("div");
    card.className = "card";
    card.dataset.status = name;
    card.innerHTML = `<b>${count}</b>${name.toLowerCase()}`;
    cards.append(card);
  }
  const models = $("#stats-models tbody");
  models.replaceChildren();
  for (const m of stats.models) {
    const row = models.insertRow();
    row.dataset.model = m.model;
    cell(row, m.model);
    cell(row, m.steps);
    cell(row, m.stepsPerMinute.toFixed(1));
    cell(row, m.tokensPerMinute.toFixed(0));
    // A cost only for a model the operator priced (threadline.model.profile.<model>.price.*).
    cell(row, m.costUsd == null ? "—" : `$${m.costUsd.toFixed(4)}`);
    cell(row, m.failures);
    row.insertCell().innerHTML = spark(m.series, "count");
  }
  const tools = $("#stats-tools tbody");
  tools.replaceChildren();
  for (const t of stats.tools) {
    const row = tools.insertRow();
    row.dataset.tool = t.tool;
    cell(row, t.tool);
    cell(row, t.calls);
    cell(row, t.p50Ms);
    cell(row, t.p95Ms);
    cell(row, (100 * t.errorRate).toFixed(1) + " %");
    row.insertCell().innerHTML = spark(t.series, "count");
  }
}

/** The tenant's model use beside its budgets: a thread whose step would pass one waits. */
async function refreshUsage() {
  const u = await api("/v1/usage");
  const spend = u.spendUsdPerDay == null ? "no spend budget" : `of $${u.spendUsdPerDay.toFixed(2)}`;
  $("#usage").textContent =
    `This hour: ${u.tokensThisHour} of ${u.tokensPerHour} tokens, ${u.callsThisHour} of ` +
    `${u.callsPerHour} model calls. Today: $${u.costUsdToday.toFixed(4)} ${spend}.`;
}

/** A dual_ai side's message says which side spoke. */
function side(message) {
  return message.sender && message.sender.startsWith("side_")
    ? `side ${message.sender.substring(5).toUpperCase()} · `
    : "";
}

function describe(event) {
  const p = event.payload;
  switch (event.type) {
    case "ThreadCreated": return `agent ${p.agentName}` + (p.parentThreadId ? `, child of ${p.parentThreadId}` : "");
    case "TurnStarted": return `${p.trigger} (${p.group})`;
    case "ThreadForked": return `forked into ${p.toThreadId} at event ${p.atSeq} (${p.copied} messages copied)`;
    case "ForkSeeded": return `a fork of ${p.fromThreadId} at event ${p.atSeq}: ${p.copied} messages, ${p.values} values`;
    case "MessageAppended": return `${side(p.message)}${p.message.role.toLowerCase()}: ${p.message.content || ""}`;
    case "ModelCallRequested": return (p.subprompt ? `subprompt ${p.subprompt} · ` : "") + `${p.provider}${p.model ? "/" + p.model : ""}, ${p.messageCount} messages`;
    case "ModelCallCompleted": return `${p.durationMs} ms, ${p.usage.inputTokens}+${p.usage.outputTokens} tokens, ${p.toolCallCount} tool calls`;
    case "ToolCallRequested": return `${p.toolName}(${p.argumentsJson})`;
    case "ToolCallCompleted": return `${p.toolName} in ${p.durationMs} ms` + (p.error ? ` — error: ${p.error}` : "");
    case "ThreadStatusChanged": return `${p.from} → ${p.to}`;
    case "TurnCompleted": return `${p.reason} after ${p.steps} steps`;
    case "SubagentCreated": return `${p.name} → ${p.childThreadId}` + (p.blocking ? " (the call waits for its result)" : "");
    case "HookFailed": return `hook ${p.hook} (${p.function}) did not run: ${p.message}`;
    case "SubagentMessaged": return `more work for ${p.name} → ${p.childThreadId}` + (p.attachments ? ` with ${p.attachments} files` : "");
    case "AgentHandedOff": return `${p.fromAgent} hands the thread to ${p.toAgent}`;
    case "ValueChanged": return p.valueJson === null ? `${p.key} deleted` : `${p.key} = ${p.valueJson}`;
    case "EnvChanged": return p.removed ? `${p.name} removed` : p.secret ? `${p.name} set (secret)` : `${p.name} = ${p.value}`;
    case "CustomEvent": return p.name === "log" ? logLine(p.dataJson) : `${p.name}: ${p.dataJson}`;
    case "ChildStatusUpdated": return `${p.childThreadId}: ${p.kind} ${p.status}`;
    case "SubagentVariablesRequired": return `${p.childName} (${p.subagent}) waits for ${p.variables.map((v) => v.name).join(", ")}: request ${p.requestId}`;
    case "SubagentVariablesProvided": return `request ${p.requestId} completed → ${p.childThreadId}`;
    case "BudgetReached": return `${p.budget}: ${p.used} of ${p.limit}; the next model call waits until ${p.resumesAt}`;
    default: return "";
  }
}

function appendEvent(event) {
  if (event.seq <= state.lastSeq) return;
  state.lastSeq = event.seq;
  const li = document.createElement("li");
  li.value = event.seq;
  li.dataset.seq = event.seq;
  li.dataset.type = event.type;
  li.innerHTML = `<span class="type"></span><span class="detail"></span>`;
  li.querySelector(".type").textContent = event.type;
  li.querySelector(".detail").textContent = describe(event);
  $("#timeline").append(li);
  chat.add(event);
  if (event.type === "MessageAppended") $("#live-text").textContent = "";
}

// Server-Sent Events over fetch (EventSource cannot send the Authorization header); on a dropped
// connection it resumes with Last-Event-ID, so no event is lost or shown twice.
async function follow(threadId, controller) {
  while (!controller.signal.aborted && state.selected === threadId) {
    try {
      const response = await fetch(`/v1/threads/${encodeURIComponent(threadId)}/stream`, {
        headers: { Authorization: "Bearer " + state.key, "Last-Event-ID": String(state.lastSeq) },
        signal: controller.signal,
      });
      if (!response.ok) throw new Error("stream answered " + response.status);
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          handleFrame(frame);
        }
      }
    } catch (e) {
      if (controller.signal.aborted) return;
      setConnection("stream interrupted: " + e.message, false);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

function handleFrame(frame) {
  let type = "message";
  let data = "";
  for (const line of frame.split("\n")) {
    if (line.startsWith("event: ")) type = line.slice(7);
    else if (line.startsWith("data: ")) data += line.slice(6);
  }
  if (!data) return;
  const body = JSON.parse(data);
  if (type === "delta") {
    $("#live-text").textContent += body.text;
    chat.delta(body.text);
  }
  else appendEvent(body);
}

function selectThread(threadId) {
  if (state.stream) state.stream.abort();
  state.selected = threadId;
  history.replaceState(null, "", location.pathname + linkFragment(threadId));
  state.lastSeq = 0;
  $("#selected-thread").textContent = threadId;
  $("#timeline").replaceChildren();
  $("#thread-facts").textContent = "";
  chat.reset();
  actions.show(threadId);
  $("#live-text").textContent = "";
  document.querySelectorAll("#threads tbody tr").forEach((row) =>
    row.classList.toggle("selected", row.dataset.threadId === threadId));
  state.stream = new AbortController();
  follow(threadId, state.stream);
  refreshFacts().catch((e) => setConnection(e.message, false));
}

async function refresh() {
  if (!state.key) {
    setConnection("enter an API key", false);
    return;
  }
  try {
    await Promise.all([refreshThreads(), refreshStats(), refreshUsage(), refreshFacts()]);
    setConnection("live", true);
  } catch (e) {
    setConnection(e.message, false);
  }
}

$("#key-form").addEventListener("submit", (event) => {
  event.preventDefault();
  state.key = $("#api-key").value.trim();
  sessionStorage.setItem("threadline.key", state.key);
  $("#key-notice").hidden = true;
  refresh();
  // A link opened in a tab that had no key yet opens its thread once the key is given.
  openLinked(state.linked);
});
$("#agent-filter-clear").addEventListener("click", () => {
  state.agent = null;
  $("#agent-filter").hidden = true;
  history.replaceState(null, "", location.pathname + linkFragment(state.selected));
  refresh();
});
$("#status-filter").addEventListener("change", refresh);

/** Timeline (every event) or chat (the conversation) for the selected thread; in the link too. */
function showView(view) {
  state.view = view;
  const isChat = view === "chat";
  $("#chat").hidden = !isChat;
  $("#timeline").hidden = isChat;
  $("#live-text").hidden = isChat;
  $("#view-chat").setAttribute("aria-pressed", String(isChat));
  $("#view-timeline").setAttribute("aria-pressed", String(!isChat));
}
for (const view of ["timeline", "chat"]) {
  $("#view-" + view).addEventListener("click", () => {
    showView(view);
    history.replaceState(null, "", location.pathname + linkFragment(state.selected));
  });
}

// A link to a thread (#thread=<id>) opens it, on load and when the fragment changes.
function openLinked(threadId) {
  if (threadId && state.key && threadId !== state.selected) selectThread(threadId);
}
window.addEventListener("hashchange", () => openLinked(readFragment()));

actions.wire();
const linked = readFragment();
refresh();
openLinked(linked);
setInterval(refresh, 2000);
