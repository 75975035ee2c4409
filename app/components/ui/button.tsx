import type { ButtonHTMLAttributes } from "react";

const variants = {
  primary: "bg-brand-600 text-white hover:bg-brand-700 disabled:bg-brand-600/60",
  secondary:
    "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700",
  ghost: "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800",
  danger: "bg-red-600 text-white hover:bg-red-700",
} as const;

/**
 * A button's classes (also for links that look like buttons). Below the `sm` breakpoint every
 * button is at least 44×44 px, a fingertip's target on a phone; from `sm` up its padding alone
 * sizes it, as on a desktop.
 */
export const buttonClass = (variant: keyof typeof variants = "primary", extra = "") =>
  `inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-md px-4 py-2 sm:min-h-0 sm:min-w-0 text-sm font-medium transition-colors focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 disabled:cursor-not-allowed ${variants[variant]} ${extra}`;

export function Button({
  variant = "primary",
  className = "",
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: keyof typeof variants }) {
  return <button type="submit" {...props} className={buttonClass(variant, className)} />;
}
