// The chat view of a thread: its messages as the conversation they are — the user's on the right,
// the assistant's on the left (a dual_ai thread's two sides apart), tool calls and results folded
// under the message that made them, children as links, attachments named, and the answer being
// written streamed into a bubble of its own. Fed by the same event stream as the timeline.
"use strict";

const chat = (() => {
  const box = () => document.querySelector("#chat");
  let typing = null;

  function element(tag, className, text) {
    const el = document.createElement(tag);
    if (className) el.className = className;
    if (text !== undefined) el.textContent = text;
    return el;
  }

  function speaker(message) {
    const role = message.role.toLowerCase();
    if (message.sender && message.sender.startsWith("side_")) {
      return { label: "side " + message.sender.substring(5).toUpperCase(), css: "assistant " + message.sender.replace("_", "-") };
    }
    if (role === "user") return { label: message.sender ? "user · " + message.sender : "user", css: "user" };
    return { label: role, css: role };
  }

  function bubble(message) {
    const who = speaker(message);
    const el = element("div", "bubble " + who.css);
    el.append(element("div", "who", who.label));
    if (message.content) el.append(element("div", "text", message.content));
    for (const call of message.toolCalls || []) {
      const line = element("div", "call");
      line.append(element("code", "", call.name + "(" + call.argumentsJson + ")"));
      el.append(line);
    }
    for (const file of message.attachments || []) {
      el.append(attachment(file));
    }
    return el;
  }

  // An image is shown (fetched with the page's key: files are read on the HTTP API's port); any
  // other file, or an image the page cannot fetch, by its name.
  function attachment(file) {
    const el = element("div", "attachment", "📎 " + (file.name || file.path));
    const image = file.mediaType ? file.mediaType.startsWith("image/") : /\.(png|jpe?g|gif|webp)$/i.test(file.path);
    if (image && state.selected) {
      const path = "/v1/threads/" + encodeURIComponent(state.selected) + "/files" + file.path;
      fetch(path, { headers: { Authorization: "Bearer " + state.key } })
        .then((r) => (r.ok ? r.blob() : null))
        .then((blob) => {
          if (!blob) return;
          const img = element("img", "attachment-image");
          img.alt = file.name || file.path;
          img.src = URL.createObjectURL(blob);
          el.replaceChildren(img);
        })
        .catch(() => {});
    }
    return el;
  }

  function toolResult(message) {
    const el = element("details", "bubble tool" + (message.isError ? " error" : ""));
    el.append(element("summary", "", (message.isError ? "✗ " : "↳ ") + (message.toolName || "tool")));
    el.append(element("pre", "", message.content || ""));
    return el;
  }

  function childLink(payload) {
    const el = element("div", "bubble child");
    const link = element("a", "", "subagent " + payload.name + " → " + payload.childThreadId);
    link.href = "#thread=" + encodeURIComponent(payload.childThreadId) + "&view=chat";
    el.append(link);
    return el;
  }

  function approval(asked) {
    const el = element("div", "bubble notice", `waiting for approval: ${asked.toolName} (call ${asked.callId}) `);
    const approve = element("button", "approve", "Approve");
    const deny = element("button", "deny", "Deny");
    for (const [button, yes] of [[approve, true], [deny, false]]) {
      button.type = "button";
      button.addEventListener("click", async () => {
        if (await actions.decide(asked, yes, [approve, deny])) el.append(element("span", "muted", yes ? " approved" : " denied"));
      });
    }
    el.append(approve, deny);
    return el;
  }

  function stopTyping() {
    if (typing) typing.remove();
    typing = null;
  }

  return {
    reset() {
      box().replaceChildren();
      typing = null;
    },
    /** One event of the thread: a message, a child, an approval asked, or nothing to show. */
    add(event) {
      const p = event.payload;
      let el = null;
      if (event.type === "MessageAppended") {
        if (p.message.role !== "USER") stopTyping();
        el = p.message.role === "TOOL" ? toolResult(p.message) : bubble(p.message);
      } else if (event.type === "SubagentCreated") {
        el = childLink(p);
      } else if (event.type === "ApprovalRequested") {
        // The decision is fenced to this request at this epoch: the envelope's, not the payload's.
        el = approval({ ...p, epoch: event.epoch });
      } else if (event.type === "TurnCompleted" || event.type === "ThreadTerminated") {
        stopTyping();
      }
      if (el) {
        el.dataset.seq = event.seq;
        box().append(el);
        el.scrollIntoView({ block: "nearest" });
      }
    },
    /** Text of the answer being written, as it streams. */
    delta(text) {
      if (!typing) {
        typing = element("div", "bubble assistant typing");
        typing.append(element("div", "who", "assistant · writing"));
        typing.append(element("div", "text", ""));
        box().append(typing);
      }
      typing.querySelector(".text").textContent += text;
    },
  };
})();
