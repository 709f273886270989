// Acting on the selected thread with the page's key: send a message (or queue or steer it), approve
// or deny a call that waits, abort the turn, terminate the thread. These are writes, which the
// HTTP API (the ingest) takes: the page must be opened there; on the projector's own port, which
// only reads, an action says so.
"use strict";

const actions = (() => {
  const status = (text) => { document.querySelector("#action-status").textContent = text; };
  const threadPath = () => "/v1/threads/" + encodeURIComponent(state.selected);
  let terminateArmed = null;

  async function post(path, body) {
    const response = await fetch(path, {
      method: "POST",
      headers: { Authorization: "Bearer " + state.key, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    if (response.ok) return;
    const problem = await response.json().catch(() => null);
    if (!problem && (response.status === 404 || response.status === 405)) {
      throw new Error("actions need the HTTP API's port: open the dashboard there (./threadline up prints it)");
    }
    const fields = ((problem && problem.errors) || []).map((e) => `${e.field}: ${e.message}`).join("; ");
    throw new Error(`${response.status} ${(problem && (problem.detail || problem.title)) || response.statusText}` + (fields ? ` (${fields})` : ""));
  }

  async function act(what, path, body) {
    try {
      await post(path, body);
      status(what);
      return true;
    } catch (e) {
      status(e.message);
      return false;
    }
  }

  function wire() {
    document.querySelector("#actions").addEventListener("submit", async (event) => {
      event.preventDefault();
      const input = document.querySelector("#message-text");
      const text = input.value.trim();
      if (!text) return;
      const mode = document.querySelector("#message-mode").value;
      if (await act("sent", threadPath() + "/messages", { text, mode })) input.value = "";
    });
    document.querySelector("#abort-thread").addEventListener("click", () => act("abort sent", threadPath() + "/abort", {}));
    const terminate = document.querySelector("#terminate-thread");
    terminate.addEventListener("click", async () => {
      // Terminating cannot be undone: the first click asks, a second one within 5 s does it.
      if (!terminateArmed) {
        terminate.textContent = "Really terminate?";
        terminateArmed = setTimeout(() => { terminate.textContent = "Terminate"; terminateArmed = null; }, 5000);
        return;
      }
      clearTimeout(terminateArmed);
      terminateArmed = null;
      terminate.textContent = "Terminate";
      await act("terminate sent", threadPath() + "/terminate", {});
    });
  }

  return {
    wire,
    show(threadId) {
      document.querySelector("#actions").hidden = !threadId;
      status("");
    },
    /** Decides the call an ApprovalRequested event asks about, fenced to that very request. */
    async decide(asked, approve, buttons) {
      buttons.forEach((b) => { b.disabled = true; });
      const body = { approve, requestId: asked.requestId, epoch: asked.epoch };
      const done = await act(approve ? "approved" : "denied", threadPath() + "/approvals/" + encodeURIComponent(asked.callId), body);
      if (!done) buttons.forEach((b) => { b.disabled = false; });
      return done;
    },
  };
})();
