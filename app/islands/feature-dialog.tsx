// The feature dialog as an island of its own (docs/decisions/024): React and the dialog, imported
// by every public page's enhancer (app/enhancers/feature-dialog.ts) the first time a visitor opens
// it, and mounted beside the page, which itself runs no React.
import { createRoot, type Root } from "react-dom/client";
import FeatureDialog from "../components/feature-dialog.tsx";

let root: Root | null = null;
let opened = 0;
let isOpen = false;

/**
 * Opens the dialog, with the tool `toolId` chosen when given; closing it unmounts it, and focus
 * goes back to `opener` (the link that opened it), else to what had focus.
 */
export function openFeatureDialog({
  opener = null,
  toolId = null,
}: { opener?: HTMLElement | null; toolId?: string | null } = {}): void {
  if (isOpen) return;
  if (!root) {
    const container = document.createElement("div");
    document.body.append(container);
    root = createRoot(container);
  }
  isOpen = true;
  opened += 1;
  root.render(
    <FeatureDialog
      // A fresh dialog each time: no choice left over, and it remembers what had focus this time.
      key={opened}
      open
      opener={opener}
      toolId={toolId}
      onOpenChange={(open) => {
        if (open) return;
        isOpen = false;
        root?.render(null);
      }}
    />,
  );
}
