import { describe, expect, it } from "vitest";
import { type ToastKind, type ToastOptions, toast, toasterMounted } from "./toast";

describe("toast", () => {
  it("keeps the toasts asked for before the Toaster is mounted, shows them in order once it is, then at once", () => {
    const shown: Array<[ToastKind, string, ToastOptions | undefined]> = [];
    toast.error("Download failed", { description: "File not found on server" });
    toast("New document published");
    expect(shown).toEqual([]);

    const unmount = toasterMounted((kind, title, options) => shown.push([kind, title, options]));
    expect(shown).toEqual([
      ["error", "Download failed", { description: "File not found on server" }],
      ["message", "New document published", undefined],
    ]);
    toast.success("Link copied", { description: "Document link copied to clipboard", id: "copy" });
    expect(shown[2]).toEqual(["success", "Link copied", { description: "Document link copied to clipboard", id: "copy" }]);

    // Unmounted, toasts wait again (and are not shown twice).
    unmount();
    toast("After");
    expect(shown).toHaveLength(3);
    toasterMounted((kind, title) => shown.push([kind, title, undefined]))();
    expect(shown[3]).toEqual(["message", "After", undefined]);
  });
});
