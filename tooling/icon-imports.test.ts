import { describe, expect, it } from "vitest";
import { iconImports } from "./icon-imports";

type Transform = (code: string, id: string) => { code: string } | null;
const transform = iconImports().transform as unknown as Transform;

describe("iconImports", () => {
  it("imports each icon from its own file, aliases and the index's other names kept", () => {
    const code = 'import { type IconNode, ChartColumn, Menu as MenuIcon, X } from "lucide";\nconst a = [ChartColumn, MenuIcon, X];';
    const out = transform(code, "/project/app/components/a.tsx")?.code;
    expect(out).toContain('import { type IconNode } from "lucide";');
    expect(out).toContain('import ChartColumn from "lucide/dist/esm/icons/chart-column.mjs";');
    expect(out).toContain('import MenuIcon from "lucide/dist/esm/icons/menu.mjs";');
    expect(out).toContain('import X from "lucide/dist/esm/icons/x.mjs";');
    expect(out).toContain("const a = [ChartColumn, MenuIcon, X];");
  });

  it("follows the index's old names to the same file (BarChart3 is chart-column)", () => {
    expect(transform('import { BarChart3 } from "lucide";', "/project/app/a.ts")?.code).toBe(
      'import BarChart3 from "lucide/dist/esm/icons/chart-column.mjs";',
    );
  });

  it("leaves alone type-only imports, other packages and code outside the portal", () => {
    expect(transform('import type { IconNode } from "lucide";', "/project/app/a.ts")).toBeNull();
    expect(transform('import { X } from "lucide-react";', "/project/app/a.tsx")).toBeNull();
    expect(transform('import { X } from "lucide";', "/project/node_modules/x/index.js")).toBeNull();
  });
});
