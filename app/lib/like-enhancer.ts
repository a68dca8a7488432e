/**
 * Makes the like forms in `root` (and `root` itself, if it is one) work in place: the button
 * shows the state this browser remembers, flips at once on a click (optimistic), stays locked
 * for `lockMs`, then shows the server's answer; a refused or failed request puts state and count
 * back and says why in a polite status line (the server's message, such as the daily limit of
 * likes from one network). Without this the forms still work: they post and come back (no JavaScript).
 *
 * Shared by the button's two bindings (docs/decisions/024): LikeButton's effect on a hydrated page,
 * and the inline "likes" enhancer (app/enhancers/likes.ts) on the pages that do not hydrate.
 */
export function enhanceLikeForms(root: ParentNode, lockMs: number, word: (count: number) => string): void {
  const LIKED_KEY = "toolshelf.likedTools";
  const MACHINE_KEY = "toolshelf.machineId";
  const EVENT = "toolshelf:like";
  const storage = (() => {
    try {
      return window.localStorage;
    } catch {
      return null; // storage blocked: the state lives in this page only
    }
  })();
  const likedIds = (): string[] => {
    try {
      const value: unknown = JSON.parse(storage?.getItem(LIKED_KEY) ?? "[]");
      return Array.isArray(value) ? value.filter((id): id is string => typeof id === "string") : [];
    } catch {
      return [];
    }
  };
  const remember = (toolId: string, liked: boolean) => {
    const others = likedIds().filter((id) => id !== toolId);
    try {
      storage?.setItem(LIKED_KEY, JSON.stringify(liked ? [...others, toolId] : others));
    } catch {
      // full or blocked: the server still knows
    }
  };
  try {
    // An anonymous machine identifier, made once and kept by the browser; it only decides how the
    // button looks before an answer (docs/design.md#entities), the server's visitor cookie counts.
    if (storage && !storage.getItem(MACHINE_KEY)) {
      storage.setItem(MACHINE_KEY, `user_${Date.now()}_${Math.random().toString(36).slice(2, 11)}`);
    }
  } catch {
    // blocked storage: no identifier, likes still count by the server's cookie
  }

  // One status line for the page, made when first needed (a page with nothing to say has no status
  // region to confuse with its own); the first message waits a moment, so that screen readers have
  // heard of the region before it speaks.
  const STATUS_ID = "like-status";
  const status = (): HTMLElement => {
    let line = document.getElementById(STATUS_ID);
    if (!line) {
      line = document.createElement("p");
      line.id = STATUS_ID;
      line.className = "like-status";
      line.setAttribute("role", "status");
      document.body.append(line);
    }
    return line;
  };
  let hideTimer: ReturnType<typeof setTimeout> | undefined;
  const say = (message: string) => {
    const fresh = !document.getElementById(STATUS_ID);
    const line = status();
    clearTimeout(hideTimer);
    setTimeout(
      () => {
        line.textContent = message;
        hideTimer = setTimeout(() => {
          line.textContent = "";
        }, 8000);
      },
      fresh ? 100 : 0,
    );
  };

  const SELECTOR = 'form[action^="/like/"]';
  const forms: HTMLFormElement[] = Array.from(root.querySelectorAll<HTMLFormElement>(SELECTOR));
  if (root instanceof HTMLFormElement && root.matches(SELECTOR)) forms.push(root);
  // Read once: a list page has a button per card.
  const likedHere = new Set(likedIds());
  for (const form of forms) {
    if (form.dataset.likeReady) continue;
    form.dataset.likeReady = "1";
    const button = form.querySelector<HTMLButtonElement>("button[aria-pressed]");
    const countText = form.querySelector<HTMLElement>("[data-like-count]");
    const wordText = form.querySelector<HTMLElement>("[data-like-word]");
    const toolId = decodeURIComponent((form.getAttribute("action") ?? "").slice("/like/".length));
    if (!button || !countText || !wordText || !toolId) continue;
    let liked = likedHere.has(toolId);
    let count = Number((countText.textContent ?? "").replace(/\D/g, "")) || 0;
    let locked = false;
    const show = () => {
      button.setAttribute("aria-pressed", String(liked));
      countText.textContent = count.toLocaleString("en-US");
      wordText.textContent = ` ${word(count)}`;
    };
    const settle = (state: { liked: boolean; count: number }) => {
      remember(toolId, state.liked);
      // Other buttons for the same tool on this page (a tool can be featured and listed) follow.
      document.dispatchEvent(new CustomEvent(EVENT, { detail: { toolId, ...state } }));
    };
    document.addEventListener(EVENT, (event) => {
      const detail = (event as CustomEvent<{ toolId: string; liked: boolean; count: number }>).detail;
      if (detail.toolId !== toolId) return;
      liked = detail.liked;
      count = detail.count;
      show();
    });
    // The page shows the count as the server had it, not pressed; only a remembered like changes
    // that (and the count is left as it is, so no number is formatted while the page loads).
    if (liked) button.setAttribute("aria-pressed", "true");

    form.addEventListener("submit", (event) => {
      event.preventDefault();
      if (locked) return;
      locked = true;
      button.setAttribute("aria-disabled", "true");
      setTimeout(() => {
        locked = false;
        button.removeAttribute("aria-disabled");
      }, lockMs);
      const before = { liked, count };
      const want = !liked;
      settle({ liked: want, count: Math.max(0, count + (want ? 1 : -1)) });
      fetch(form.action, {
        method: "POST",
        headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: want ? "like" : "unlike" }),
        credentials: "same-origin",
      })
        .then(async (response) => {
          const body = (await response.json().catch(() => null)) as {
            liked: boolean;
            count: number;
            error?: { message?: string };
          } | null;
          if (!response.ok || !body) {
            settle(before);
            // A refusal (a limit) is expected and only shown; a failure of the server is logged too.
            if (response.status >= 500 || !body)
              console.error("toolshelf: the like did not go through", response.status);
            say(body?.error?.message ?? "The like did not go through. Please try again later.");
            return;
          }
          settle({ liked: body.liked, count: body.count });
        })
        .catch((error: unknown) => {
          settle(before);
          say("The like did not go through. Please check your connection and try again.");
          console.error("toolshelf: the like did not go through", error);
        });
    });
  }
}
