import AlertTriangle from "lucide-react/dist/esm/icons/alert-triangle.js";
import CheckCircle2 from "lucide-react/dist/esm/icons/check-circle-2.js";
import Info from "lucide-react/dist/esm/icons/info.js";
import XCircle from "lucide-react/dist/esm/icons/x-circle.js";
import type { ReactNode } from "react";

export type AlertType = "info" | "success" | "warning" | "error";

// Dark text on a pale tint with a thick coloured edge: well above 4.5:1 contrast, and the icon plus
// the title carry the meaning for readers who do not tell the colours apart.
const styles: Record<AlertType, { box: string; icon: typeof Info }> = {
  info: { box: "border-brand-700 bg-brand-50 text-brand-900", icon: Info },
  success: { box: "border-green-700 bg-green-50 text-green-900", icon: CheckCircle2 },
  warning: { box: "border-amber-600 bg-amber-50 text-amber-950", icon: AlertTriangle },
  error: { box: "border-red-700 bg-red-50 text-red-900", icon: XCircle },
};

export interface AlertProps {
  type: AlertType;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
  id?: string;
  /**
   * How a screen reader hears it: errors interrupt ("alert"), everything else is announced
   * politely ("status"). `false` for a static notice that should not be announced at all.
   */
  announce?: "alert" | "status" | false;
}

export function Alert({ type, title, children, className, id, announce }: AlertProps) {
  const { box, icon: Icon } = styles[type];
  const resolvedRole = announce === false ? undefined : (announce ?? (type === "error" ? "alert" : "status"));
  return (
    <div id={id} role={resolvedRole} className={`flex gap-3 rounded-lg border-l-[6px] p-4 ${box} ${className ?? ""}`}>
      <Icon aria-hidden="true" className="mt-1 h-6 w-6 flex-none" />
      <div className="min-w-0 flex-1 space-y-1">
        {title ? <p className="font-bold">{title}</p> : null}
        {children ? <div className="space-y-2">{children}</div> : null}
      </div>
    </div>
  );
}
