import { type LiveNotification, notificationsReducer, showClearAll } from "~/lib/live-notifications";

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" });

function fill(element: ParentNode, selector: string, text: string): void {
  for (const target of element.querySelectorAll(selector)) target.textContent = text;
}

/**
 * The floating "Recent Updates" panel of a page that does not hydrate (public-portal section 2),
 * drawn from the page's template (components/live/live-updates-template.tsx). Shown when a
 * notification arrives; closing it keeps the list for the next one.
 */
export class NotificationsPanel {
  private notifications: LiveNotification[] = [];
  private panel: HTMLElement | null = null;

  constructor(private readonly template: HTMLTemplateElement) {}

  add(notification: LiveNotification): void {
    this.notifications = notificationsReducer(this.notifications, { type: "add", notification });
    this.render();
  }

  private render(): void {
    if (this.notifications.length === 0) {
      this.close();
      return;
    }
    // A page whose body was replaced (page-refresh.ts) lost the panel with it.
    const panel = this.panel?.isConnected ? this.panel : this.open();
    if (!panel) return;
    fill(panel, "[data-count]", String(this.notifications.length));
    const list = panel.querySelector("ul");
    const item = this.template.content.querySelector<HTMLTemplateElement>("template[data-item]")?.content.firstElementChild;
    if (!list || !item) return;
    list.replaceChildren(...this.notifications.map((n) => this.item(item, n)));
    panel.querySelector("[data-clear-all]")?.toggleAttribute("hidden", !showClearAll(this.notifications));
  }

  private item(template: Element, n: LiveNotification): Element {
    const li = template.cloneNode(true) as HTMLElement;
    fill(li, "[data-title]", n.title);
    fill(li, "[data-message]", n.message);
    fill(li, "[data-label]", n.action.label);
    const time = li.querySelector("time");
    if (time) {
      time.dateTime = new Date(n.timestamp).toISOString();
      time.textContent = timeFormat.format(n.timestamp);
    }
    li.querySelector("a")?.setAttribute("href", n.action.url);
    const dismiss = li.querySelector<HTMLButtonElement>("[data-dismiss]");
    if (dismiss) {
      dismiss.setAttribute(
        "aria-label",
        (dismiss.dataset.label ?? "").replace("{message}", () => n.message),
      );
      dismiss.addEventListener("click", () => this.change({ type: "dismiss", id: n.id }));
    }
    return li;
  }

  /** The button that had focus disappears: keyboard users stay inside the panel, on its heading. */
  private change(action: { type: "dismiss"; id: string } | { type: "clear" }): void {
    this.notifications = notificationsReducer(this.notifications, action);
    this.render();
    this.panel?.querySelector<HTMLElement>("h2")?.focus();
  }

  private open(): HTMLElement | null {
    const section = this.template.content.querySelector("section")?.cloneNode(true);
    if (!(section instanceof HTMLElement)) return null;
    section.querySelector("[data-close]")?.addEventListener("click", () => this.close());
    section.querySelector("[data-clear-all] button")?.addEventListener("click", () => this.change({ type: "clear" }));
    document.body.append(section);
    this.panel = section;
    return section;
  }

  private close(): void {
    this.panel?.remove();
    this.panel = null;
  }
}
