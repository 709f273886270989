// A chat page on LangGraph's useStream hook (@langchain/langgraph-sdk/react, unchanged) that makes
// the calls LangChain's Agent Chat UI makes, in the same shapes: /info before it connects, a message
// sent as content blocks with the same submit options, history from threads.search by graph_id,
// regenerate and edit-and-resend from a message's parent checkpoint, human-in-the-loop decisions
// resumed as {decisions: [...]}, and custom events through onCustomEvent. Every element a test
// reads or clicks has a data-testid. Settings come from the page's query: apiUrl, apiKey,
// assistantId, threadId.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { createRoot } from "react-dom/client";
import { Client } from "@langchain/langgraph-sdk";
import { useStream } from "@langchain/langgraph-sdk/react";

const params = new URLSearchParams(location.search);
const apiUrl = params.get("apiUrl");
const apiKey = params.get("apiKey");
const assistantId = params.get("assistantId");
const SUBMIT = { streamMode: ["values"], streamSubgraphs: true, streamResumable: true };

/** A message's text, from a string or from content blocks (Agent Chat UI's getContentString). */
function text(content) {
  if (typeof content === "string") return content;
  return (content ?? [])
    .filter((c) => c.type === "text")
    .map((c) => c.text)
    .join(" ");
}

/** Agent Chat UI's isAgentInboxInterruptSchema: an interrupt it draws review buttons for. */
function isReviewable(interrupt) {
  const value = (Array.isArray(interrupt) ? interrupt[0] : interrupt)?.value;
  return (
    Array.isArray(value?.action_requests) &&
    value.action_requests.length > 0 &&
    value.action_requests.every((r) => typeof r?.name === "string" && r.args && typeof r.args === "object") &&
    Array.isArray(value?.review_configs) &&
    value.review_configs.every((c) => typeof c?.action_name === "string" && Array.isArray(c.allowed_decisions))
  );
}

function Review({ interrupt, stream }) {
  const value = (Array.isArray(interrupt) ? interrupt[0] : interrupt).value;
  const request = value.action_requests[0];
  const allowed = value.review_configs.find((c) => c.action_name === request.name)?.allowed_decisions ?? [];
  const [args, setArgs] = useState(JSON.stringify(request.args));
  const decide = (decision) => stream.submit({}, { command: { resume: { decisions: [decision] } } });
  return (
    <div className="interrupt" data-testid="review">
      <div data-testid="review-action">
        {request.name} {JSON.stringify(request.args)}
      </div>
      {allowed.includes("edit") && (
        <input data-testid="review-args" value={args} onChange={(e) => setArgs(e.target.value)} />
      )}
      {allowed.includes("approve") && (
        <button data-testid="approve" onClick={() => decide({ type: "approve" })}>
          Approve
        </button>
      )}
      {allowed.includes("edit") && (
        <button
          data-testid="edit-approve"
          onClick={() => decide({ type: "edit", edited_action: { name: request.name, args: JSON.parse(args) } })}
        >
          Submit edit
        </button>
      )}
      {allowed.includes("reject") && (
        <button data-testid="reject" onClick={() => decide({ type: "reject", message: "not today" })}>
          Reject
        </button>
      )}
    </div>
  );
}

function HumanMessage({ message, stream }) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState("");
  const parentCheckpoint = stream.getMessagesMetadata(message)?.firstSeenState?.parent_checkpoint;
  const resend = () => {
    setEditing(false);
    const edited = { type: "human", content: value };
    const seen = stream.getMessagesMetadata(message)?.firstSeenState?.values;
    stream.submit(
      { messages: [edited] },
      {
        checkpoint: parentCheckpoint,
        ...SUBMIT,
        optimisticValues: (prev) =>
          seen ? { ...seen, messages: [...(seen.messages ?? []), edited] } : prev,
      },
    );
  };
  return (
    <div className="message human" data-testid="message" data-type="human">
      {editing ? (
        <>
          <input data-testid="edit-text" value={value} onChange={(e) => setValue(e.target.value)} />
          <button data-testid="resend" onClick={resend}>
            Resend
          </button>
        </>
      ) : (
        <>
          <span data-testid="text">{text(message.content)}</span>
          <button
            data-testid="edit"
            onClick={() => {
              setValue(text(message.content));
              setEditing(true);
            }}
          >
            Edit
          </button>
        </>
      )}
    </div>
  );
}

function AiMessage({ message, stream }) {
  const parentCheckpoint = stream.getMessagesMetadata(message)?.firstSeenState?.parent_checkpoint;
  return (
    <div className="message ai" data-testid="message" data-type="ai">
      <span data-testid="text">{text(message.content)}</span>
      {(message.tool_calls ?? []).map((call) => (
        <code key={call.id} data-testid="tool-call">
          {" "}
          {call.name}({JSON.stringify(call.args)})
        </code>
      ))}
      <button
        data-testid="regenerate"
        onClick={() => stream.submit(undefined, { checkpoint: parentCheckpoint, ...SUBMIT })}
      >
        Regenerate
      </button>
    </div>
  );
}

function App() {
  const [threadId, setThreadId] = useState(params.get("threadId"));
  const [threads, setThreads] = useState([]);
  const [custom, setCustom] = useState([]);
  const [connected, setConnected] = useState("checking");
  const [input, setInput] = useState("");
  const client = useMemo(() => new Client({ apiUrl, apiKey }), []);
  const refreshThreads = useCallback(
    () =>
      client.threads
        .search({ metadata: { graph_id: assistantId }, limit: 100 })
        .then(setThreads)
        .catch((e) => console.error(e)),
    [client],
  );
  const stream = useStream({
    apiUrl,
    apiKey,
    assistantId,
    threadId,
    fetchStateHistory: true,
    reconnectOnMount: true,
    onCustomEvent: (event) => setCustom((seen) => [...seen, event]),
    onThreadId: (id) => {
      setThreadId(id);
      refreshThreads();
    },
  });
  const wasLoading = useRef(false);
  useEffect(() => {
    fetch(`${apiUrl}/info`, { headers: { "X-Api-Key": apiKey } })
      .then((r) => setConnected(r.ok ? "connected" : `failed: ${r.status}`))
      .catch((e) => setConnected(`failed: ${e}`));
    refreshThreads();
  }, [refreshThreads]);
  useEffect(() => {
    // A run that ended may have made or renamed a thread: the history list reads again.
    if (wasLoading.current && !stream.isLoading) refreshThreads();
    wasLoading.current = stream.isLoading;
  }, [stream.isLoading, refreshThreads]);

  const send = (e) => {
    e.preventDefault();
    if (!input.trim() || stream.isLoading) return;
    const message = { id: crypto.randomUUID(), type: "human", content: [{ type: "text", text: input }] };
    stream.submit(
      { messages: [message] },
      { ...SUBMIT, optimisticValues: (prev) => ({ ...prev, messages: [...(prev.messages ?? []), message] }) },
    );
    setInput("");
  };

  return (
    <>
      <div id="history">
        <div data-testid="connection">{connected}</div>
        <button data-testid="new-thread" onClick={() => setThreadId(null)}>
          New thread
        </button>
        {threads.map((t) => (
          <div key={t.thread_id}>
            <a href="#" data-testid="history-item" data-thread={t.thread_id} onClick={() => setThreadId(t.thread_id)}>
              {t.values?.messages?.length ? text(t.values.messages[0].content) : t.thread_id}
            </a>
          </div>
        ))}
      </div>
      <div id="chat">
        <div data-testid="state" data-thread={threadId ?? ""} data-loading={String(stream.isLoading)}>
          {threadId ?? "new"} {stream.isLoading ? "(running)" : ""}
        </div>
        {stream.error && <div data-testid="error">{String(stream.error.message ?? stream.error)}</div>}
        <div id="messages">
          {stream.messages.map((m, i) =>
            m.type === "human" ? (
              <HumanMessage key={m.id ?? i} message={m} stream={stream} />
            ) : m.type === "ai" ? (
              <AiMessage key={m.id ?? i} message={m} stream={stream} />
            ) : (
              <div key={m.id ?? i} className="message tool" data-testid="message" data-type="tool">
                <span data-testid="text">{text(m.content)}</span>
              </div>
            ),
          )}
          {stream.interrupt && isReviewable(stream.interrupt) && (
            <Review key={stream.interrupt.id} interrupt={stream.interrupt} stream={stream} />
          )}
          {stream.interrupt && !isReviewable(stream.interrupt) && (
            <div className="interrupt" data-testid="unreviewable">
              {JSON.stringify(stream.interrupt)}
            </div>
          )}
          {custom.map((event, i) => (
            <div key={i} className="custom" data-testid="custom">
              {JSON.stringify(event)}
            </div>
          ))}
        </div>
        <form onSubmit={send}>
          <input data-testid="input" value={input} onChange={(e) => setInput(e.target.value)} />
          <button data-testid="send" type="submit">
            Send
          </button>
        </form>
      </div>
    </>
  );
}

createRoot(document.getElementById("root")).render(<App />);
