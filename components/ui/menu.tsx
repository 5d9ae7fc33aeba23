// Shared looks for Radix dropdown menus. Radix moves focus onto items itself, so items show
// their highlight instead of the global focus ring.
export const menuContentClass =
  "z-50 min-w-56 overflow-hidden rounded-xl border border-zinc-200 bg-white p-1 text-sm shadow-lg dark:border-zinc-800 dark:bg-zinc-900";

export const menuItemClass =
  "flex cursor-default select-none items-center gap-2 rounded-lg px-2.5 py-2 text-zinc-800 outline-none data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50 data-[highlighted]:bg-zinc-100 dark:text-zinc-200 dark:data-[highlighted]:bg-zinc-800";

export const menuLabelClass = "px-2.5 pb-1 pt-2 text-xs font-medium text-zinc-500 dark:text-zinc-400";

export const menuSeparatorClass = "-mx-1 my-1 h-px bg-zinc-200 dark:bg-zinc-800";
