// Radix dropdown menu in the Meridian style: dark surface, hairline border, gold focus.
import { DropdownMenu as M } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

export const DropdownMenu = M.Root;
export const DropdownMenuTrigger = M.Trigger;
export const DropdownMenuGroup = M.Group;

export function DropdownMenuContent({ className, sideOffset = 10, align = "end", ...props }: ComponentProps<typeof M.Content>) {
  return (
    <M.Portal>
      <M.Content
        sideOffset={sideOffset}
        align={align}
        className={cn(
          "z-50 min-w-60 overflow-hidden rounded-xl border border-border bg-surface/95 p-1.5 text-foreground shadow-[0_24px_60px_-20px_rgba(0,0,0,0.8)] backdrop-blur-xl",
          "origin-[var(--radix-dropdown-menu-content-transform-origin)] data-[state=open]:animate-[menu-in_140ms_ease-out]",
          className,
        )}
        {...props}
      />
    </M.Portal>
  );
}

export function DropdownMenuItem({ className, ...props }: ComponentProps<typeof M.Item>) {
  return (
    <M.Item
      className={cn(
        "flex cursor-pointer select-none items-center gap-3 rounded-md px-3 py-2.5 text-sm text-foreground/85 outline-none transition-colors",
        "data-[highlighted]:bg-gold/10 data-[highlighted]:text-gold-bright data-[disabled]:pointer-events-none data-[disabled]:opacity-50 [&_svg]:size-4 [&_svg]:text-gold/80",
        className,
      )}
      {...props}
    />
  );
}

export function DropdownMenuLabel({ className, ...props }: ComponentProps<typeof M.Label>) {
  return <M.Label className={cn("px-3 py-2.5", className)} {...props} />;
}

export function DropdownMenuSeparator({ className, ...props }: ComponentProps<typeof M.Separator>) {
  return <M.Separator className={cn("-mx-1.5 my-1.5 h-px bg-border", className)} {...props} />;
}
