import type { ComponentProps } from "react";
import { useSectionNavigation } from "./use-section-navigation";

/** A link to a home-page section (/#id): on the home page it scrolls there, elsewhere it goes home to it. */
export function SectionLink({ id, ...props }: Omit<ComponentProps<"a">, "href" | "onClick"> & { id: string }) {
  const goToSection = useSectionNavigation();
  return (
    <a
      href={`/#${id}`}
      onClick={(e) => {
        e.preventDefault();
        goToSection(id);
      }}
      {...props}
    />
  );
}
