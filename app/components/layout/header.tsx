import { ChevronDown, Menu, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { ui } from "~/content/business.ts";
import {
  consultingMenu,
  headerEntries,
  underPrefix,
  type CatalogueNavigation,
  type NavItem,
} from "~/content/navigation.ts";
import { organisation } from "~/content/organisation.ts";
import { inPageTarget, scrollToSection } from "~/lib/scroll.ts";
import { BookConsultationLink } from "./book-consultation-link.tsx";

type MenuId = "training" | "consulting";

function useScrolledPast(px: number): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > px);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [px]);
  return scrolled;
}

function menuItems(id: MenuId, nav: CatalogueNavigation): { heading: string; items: NavItem[] }[] {
  if (id === "consulting") return [{ heading: "Consulting", items: consultingMenu }];
  return [
    { heading: "Training pillars", items: [...nav.pillars, nav.allTraining] },
    { heading: "Featured courses", items: nav.featuredCourses },
  ];
}

const linkBase = "rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-navy-50 hover:text-navy-900";
const linkIdle = "text-slate-700";
const linkActive = "bg-navy-50 text-navy-900 font-semibold";

export function Header({ navigation }: { navigation: CatalogueNavigation }) {
  const { pathname } = useLocation();
  const scrolled = useScrolledPast(ui.headerShadowAfterPx);
  const [mobileOpen, setMobileOpen] = useState(false);
  const [openMenu, setOpenMenu] = useState<MenuId | null>(null);

  // Every navigation closes whatever is open (state adjusted during render,
  // as React recommends, rather than in an effect).
  const [shownPath, setShownPath] = useState(pathname);
  if (shownPath !== pathname) {
    setShownPath(pathname);
    setMobileOpen(false);
    setOpenMenu(null);
  }

  // In-page "#" links anywhere on the page scroll smoothly to their section
  // and close the mobile menu.
  useEffect(() => {
    function onClick(event: MouseEvent) {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.("a[href]");
      if (!(anchor instanceof HTMLAnchorElement)) return;
      const id = inPageTarget(anchor);
      if (!id || !document.getElementById(id)) return;
      event.preventDefault();
      setMobileOpen(false);
      setOpenMenu(null);
      scrollToSection(id);
    }
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, []);

  return (
    <header
      data-scrolled={scrolled ? "true" : "false"}
      className={`sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur transition-shadow ${
        scrolled ? "shadow-md" : ""
      }`}
    >
      <div className="container-page flex h-16 items-center justify-between gap-4 lg:h-18">
        {/* The name is the visible text ("Meridian Executive Training") and then
            ", home" for screen readers: it contains what is seen (WCAG 2.5.3). */}
        <Link to="/" className="flex shrink-0 items-center gap-2 rounded-md">
          <Logo />
          <span className="flex flex-col leading-none">
            <span className="text-lg font-bold tracking-tight text-navy-900">{organisation.shortName} </span>
            <span className="text-[0.7rem] font-medium tracking-wider text-slate-600 uppercase">
              Executive Training
            </span>
          </span>
          <span className="sr-only">, home</span>
        </Link>

        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {headerEntries.map((entry) =>
              entry.kind === "link" ? (
                <li key={entry.item.href}>
                  <NavLink
                    to={entry.item.href}
                    end={entry.item.href === "/"}
                    className={({ isActive }) => `${linkBase} ${isActive ? linkActive : linkIdle}`}
                  >
                    {entry.item.label}
                  </NavLink>
                </li>
              ) : (
                <li key={entry.id}>
                  <DropdownMenu
                    label={entry.label}
                    groups={menuItems(entry.id, navigation)}
                    open={openMenu === entry.id}
                    onOpenChange={(open) => setOpenMenu(open ? entry.id : null)}
                    active={entry.activePrefixes.some((p) => underPrefix(pathname, p))}
                    pathname={pathname}
                  />
                </li>
              ),
            )}
          </ul>
        </nav>

        <div className="flex items-center gap-2">
          <BookConsultationLink
            label="Book a Consultation"
            analyticsLabel="Header"
            className="btn-accent hidden sm:inline-flex"
          />
          <button
            type="button"
            className="inline-flex size-11 items-center justify-center rounded-md text-navy-900 hover:bg-navy-50 lg:hidden"
            aria-expanded={mobileOpen}
            aria-controls="mobile-menu"
            onClick={() => setMobileOpen((o) => !o)}
          >
            {mobileOpen ? <X aria-hidden="true" className="size-6" /> : <Menu aria-hidden="true" className="size-6" />}
            <span className="sr-only">{mobileOpen ? "Close menu" : "Open menu"}</span>
          </button>
        </div>
      </div>

      <MobileMenu
        open={mobileOpen}
        navigation={navigation}
        pathname={pathname}
        onNavigate={() => setMobileOpen(false)}
      />
    </header>
  );
}

function DropdownMenu({
  label,
  groups,
  open,
  onOpenChange,
  active,
  pathname,
}: {
  label: string;
  groups: { heading: string; items: NavItem[] }[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  active: boolean;
  pathname: string;
}) {
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    function onKey(event: KeyboardEvent) {
      if (event.key === "Escape") {
        onOpenChange(false);
        buttonRef.current?.focus();
      }
    }
    function onPointer(event: PointerEvent) {
      if (!rootRef.current?.contains(event.target as Node)) onOpenChange(false);
    }
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open, onOpenChange]);

  return (
    <div
      ref={rootRef}
      className="relative"
      onBlur={(event) => {
        if (open && !rootRef.current?.contains(event.relatedTarget as Node | null)) onOpenChange(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => onOpenChange(!open)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown") {
            event.preventDefault();
            onOpenChange(true);
            requestAnimationFrame(() =>
              document.getElementById(panelId)?.querySelector<HTMLAnchorElement>("a")?.focus(),
            );
          }
        }}
        className={`${linkBase} inline-flex items-center gap-1 ${active ? linkActive : linkIdle}`}
      >
        {label}
        <ChevronDown aria-hidden="true" className={`size-4 transition-transform ${open ? "rotate-180" : ""}`} />
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute top-full left-0 mt-2 w-[min(36rem,90vw)] rounded-lg border border-slate-200 bg-white p-4 shadow-xl"
      >
        <div className={groups.length > 1 ? "grid grid-cols-2 gap-6" : ""}>
          {groups.map((group) => (
            <div key={group.heading}>
              <p className="px-2 text-xs font-semibold tracking-wide text-slate-600 uppercase">{group.heading}</p>
              <ul className="mt-2 space-y-1">
                {group.items.map((item) => (
                  <li key={item.href}>
                    <Link
                      to={item.href}
                      aria-current={pathname === item.href ? "page" : undefined}
                      onClick={() => onOpenChange(false)}
                      className={`block rounded-md px-2 py-2 text-sm hover:bg-navy-50 ${
                        pathname === item.href ? "font-semibold text-navy-900" : "text-slate-700"
                      }`}
                    >
                      {item.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

function MobileMenu({
  open,
  navigation,
  pathname,
  onNavigate,
}: {
  open: boolean;
  navigation: CatalogueNavigation;
  pathname: string;
  onNavigate: () => void;
}) {
  const linkClass = (href: string) =>
    `block rounded-md px-3 py-3 text-base ${
      pathname === href ? "bg-navy-50 font-semibold text-navy-900" : "text-slate-800 hover:bg-navy-50"
    }`;
  const renderLinks = (items: NavItem[]) =>
    items.map((item) => (
      <li key={item.href}>
        <Link
          to={item.href}
          onClick={onNavigate}
          aria-current={pathname === item.href ? "page" : undefined}
          className={linkClass(item.href)}
        >
          {item.label}
        </Link>
      </li>
    ));

  return (
    <nav
      id="mobile-menu"
      aria-label="Mobile"
      hidden={!open}
      className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-slate-200 bg-white lg:hidden"
    >
      <div className="container-page py-4">
        <ul>
          {headerEntries.map((entry) =>
            entry.kind === "link" ? (
              renderLinks([entry.item])
            ) : (
              <li key={entry.id} className="mt-2">
                <p className="px-3 pt-2 text-xs font-semibold tracking-wide text-slate-600 uppercase">{entry.label}</p>
                <ul>
                  {entry.id === "training"
                    ? renderLinks([...navigation.pillars, navigation.allTraining, ...navigation.featuredCourses])
                    : renderLinks(consultingMenu)}
                </ul>
              </li>
            ),
          )}
        </ul>
        <div className="mt-4 border-t border-slate-200 pt-4">
          <BookConsultationLink
            label="Book a Consultation"
            analyticsLabel="Mobile menu"
            className="btn-accent w-full"
            onNavigate={onNavigate}
          />
        </div>
      </div>
    </nav>
  );
}

function Logo() {
  return (
    <svg width="36" height="36" viewBox="0 0 36 36" aria-hidden="true" focusable="false">
      <rect width="36" height="36" rx="8" fill="#0b1f3a" />
      <path d="M8 26V10l10 9 10-9v16" fill="none" stroke="#f2b53c" strokeWidth="3" strokeLinejoin="round" />
    </svg>
  );
}
