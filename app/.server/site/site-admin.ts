import { randomUUID } from "node:crypto";
import { asMenuIcon, FALLBACK_CONTACTS, FALLBACK_MENU, type MenuIcon } from "~/lib/site";
import type { ContactInput, ContactType, MenuItemInput } from "~/lib/site-settings";
import { logActivity, type RequestMeta } from "../activity/activity.service";
import type { AppContext } from "../context";
import {
  countRows,
  deleteContact,
  deleteMenuItem,
  insertContacts,
  insertMenuItems,
  selectAllContacts,
  selectAllMenuItems,
  updateContact,
  updateMenuItem,
} from "./site.queries";

/**
 * The admin editors of the public chrome (ARCHITECTURE.md section 4): the navigation menu and the
 * contact list that every public page reads through siteChrome. Every change is logged and tells
 * open public pages to reload.
 */

export interface AdminMenuItem {
  id: string;
  title: string;
  /** Empty when none was given. */
  titleSo: string;
  url: string;
  icon: MenuIcon;
  displayOrder: number;
  active: boolean;
}

export interface AdminContact {
  id: string;
  label: string;
  /** Empty when none was given. */
  labelSo: string;
  value: string;
  type: ContactType;
  displayOrder: number;
  isPublic: boolean;
}

function contactType(value: string): ContactType {
  return value === "email" || value === "phone" ? value : "other";
}

export async function listMenuItems(ctx: AppContext): Promise<AdminMenuItem[]> {
  const rows = await selectAllMenuItems(ctx.db.kysely);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    titleSo: r.title_so ?? "",
    url: r.url,
    icon: asMenuIcon(r.icon),
    displayOrder: r.display_order,
    active: r.is_active === 1,
  }));
}

export async function listContacts(ctx: AppContext): Promise<AdminContact[]> {
  const rows = await selectAllContacts(ctx.db.kysely);
  return rows.map((r) => ({
    id: r.id,
    label: r.label,
    labelSo: r.label_so ?? "",
    value: r.value,
    type: contactType(r.type),
    displayOrder: r.display_order,
    isPublic: r.is_public === 1,
  }));
}

type Actor = { id: string };
type Change = "added" | "updated" | "deleted" | "defaults";

async function changed(
  ctx: AppContext,
  what: "MENU_UPDATED" | "CONTACTS_UPDATED",
  change: Change,
  details: Record<string, unknown>,
  actor: Actor,
  meta?: RequestMeta,
) {
  await logActivity(ctx, { action: what, entityType: "SETTINGS", userId: actor.id, details: { change, ...details }, meta });
  ctx.events.publish({ type: "settings.changed", audience: "public", data: {} });
}

function menuRow(input: MenuItemInput) {
  return {
    title: input.title,
    title_so: input.titleSo || null,
    url: input.url,
    icon: input.icon,
    display_order: input.displayOrder,
    is_active: input.active ? 1 : 0,
  };
}

function contactRow(input: ContactInput) {
  return {
    label: input.label,
    label_so: input.labelSo || null,
    value: input.value,
    type: input.type,
    display_order: input.displayOrder,
    is_public: input.isPublic ? 1 : 0,
  };
}

export async function addMenuItem(ctx: AppContext, input: MenuItemInput, actor: Actor, meta?: RequestMeta): Promise<string> {
  const id = randomUUID();
  await insertMenuItems(ctx.db.kysely, [{ id, ...menuRow(input) }]);
  await changed(ctx, "MENU_UPDATED", "added", { title: input.title, url: input.url }, actor, meta);
  return id;
}

export async function editMenuItem(ctx: AppContext, id: string, input: MenuItemInput, actor: Actor, meta?: RequestMeta): Promise<boolean> {
  if (!(await updateMenuItem(ctx.db.kysely, id, menuRow(input)))) return false;
  await changed(ctx, "MENU_UPDATED", "updated", { title: input.title, url: input.url }, actor, meta);
  return true;
}

export async function removeMenuItem(ctx: AppContext, id: string, actor: Actor, meta?: RequestMeta): Promise<boolean> {
  if (!(await deleteMenuItem(ctx.db.kysely, id))) return false;
  await changed(ctx, "MENU_UPDATED", "deleted", { id }, actor, meta);
  return true;
}

/**
 * While the table is empty the public side shows the default menu; adding one item would replace
 * all of it by that one. So the editor first copies the defaults into the table. Does nothing
 * when the table already has rows.
 */
export async function copyDefaultMenu(ctx: AppContext, actor: Actor, meta?: RequestMeta): Promise<boolean> {
  const copied = await ctx.db.kysely.transaction().execute(async (trx) => {
    if ((await countRows(trx, "navigation_menu")) > 0) return false;
    await insertMenuItems(
      trx,
      FALLBACK_MENU.map((m, i) => ({ id: randomUUID(), title: m.title, url: m.url, icon: m.icon, display_order: i + 1, is_active: 1 })),
    );
    return true;
  });
  if (copied) await changed(ctx, "MENU_UPDATED", "defaults", {}, actor, meta);
  return copied;
}

export async function addContact(ctx: AppContext, input: ContactInput, actor: Actor, meta?: RequestMeta): Promise<string> {
  const id = randomUUID();
  await insertContacts(ctx.db.kysely, [{ id, ...contactRow(input) }]);
  await changed(ctx, "CONTACTS_UPDATED", "added", { label: input.label }, actor, meta);
  return id;
}

export async function editContact(ctx: AppContext, id: string, input: ContactInput, actor: Actor, meta?: RequestMeta): Promise<boolean> {
  if (!(await updateContact(ctx.db.kysely, id, contactRow(input)))) return false;
  await changed(ctx, "CONTACTS_UPDATED", "updated", { label: input.label }, actor, meta);
  return true;
}

export async function removeContact(ctx: AppContext, id: string, actor: Actor, meta?: RequestMeta): Promise<boolean> {
  if (!(await deleteContact(ctx.db.kysely, id))) return false;
  await changed(ctx, "CONTACTS_UPDATED", "deleted", { id }, actor, meta);
  return true;
}

/** Like copyDefaultMenu, for the contact list the public side shows while the table is empty. */
export async function copyDefaultContacts(ctx: AppContext, actor: Actor, meta?: RequestMeta): Promise<boolean> {
  const copied = await ctx.db.kysely.transaction().execute(async (trx) => {
    if ((await countRows(trx, "contact_info")) > 0) return false;
    await insertContacts(
      trx,
      FALLBACK_CONTACTS.map((c, i) => ({
        id: randomUUID(),
        label: c.label,
        value: c.value,
        type: contactType(c.type),
        display_order: i + 1,
        is_public: 1,
      })),
    );
    return true;
  });
  if (copied) await changed(ctx, "CONTACTS_UPDATED", "defaults", {}, actor, meta);
  return copied;
}
