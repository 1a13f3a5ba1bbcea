import { ChevronDown, Menu, X } from "lucide";
import { Icon } from "~/components/icon.tsx";
import { useEffect, useRef } from "react";
import { Link, NavLink, useLocation } from "react-router";
import {
  consultingMenu,
  headerEntries,
  underPrefix,
  type CatalogueNavigation,
  type NavItem,
} from "~/content/navigation.ts";
import { organisation } from "~/content/organisation.ts";
import { BookConsultationLink } from "./book-consultation-link.tsx";

type MenuId = "training" | "consulting";

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
  const headerRef = useRef<HTMLElement>(null);

  // The menus are popovers: they open and close from the HTML itself, before
  // any JavaScript (docs/decisions/018-html-first-controls.md). Once React is
  // here, a navigation closes whatever is open; a menu the visitor opened
  // before React arrived stays open.
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    closePopovers(headerRef.current);
  }, [pathname]);

  return (
    <header
      ref={headerRef}
      // The page script sets data-scrolled after the first 20 px of scroll
      // (app/page-script/page-script.server.ts), before and after React arrives.
      data-site-header=""
      data-scrolled="false"
      suppressHydrationWarning
      className="site-header sticky top-0 z-40 border-b border-slate-200"
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
                    id={`menu-${entry.id}`}
                    label={entry.label}
                    groups={menuItems(entry.id, navigation)}
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
          {/* The browser tells assistive technology whether the menu is open
              (popovertarget); the icon and the name follow it in CSS. */}
          <button
            type="button"
            popoverTarget="mobile-menu"
            className="group/menu-button inline-flex size-11 items-center justify-center rounded-md text-navy-900 hover:bg-navy-50 lg:hidden"
          >
            <Icon drawing={Menu} className="size-6 in-[header:has(#mobile-menu:popover-open)]:hidden" />
            <Icon drawing={X} className="hidden size-6 in-[header:has(#mobile-menu:popover-open)]:block" />
            <span className="sr-only in-[header:has(#mobile-menu:popover-open)]:hidden">Open menu</span>
            <span className="sr-only hidden in-[header:has(#mobile-menu:popover-open)]:inline">Close menu</span>
          </button>
        </div>
      </div>

      <MobileMenu navigation={navigation} pathname={pathname} />
    </header>
  );
}

/** Closes the open popovers (menus) inside `root`. */
function closePopovers(root: Element | null) {
  root?.querySelectorAll<HTMLElement>("[popover]").forEach((popover) => {
    if (popover.matches(":popover-open")) popover.hidePopover();
  });
}

/** Closes the popover a chosen link is in (a link followed in the page, without a new document). */
function closeOwnPopover(event: { currentTarget: Element }) {
  const popover = event.currentTarget.closest<HTMLElement>("[popover]");
  if (popover?.matches(":popover-open")) popover.hidePopover();
}

function DropdownMenu({
  id,
  label,
  groups,
  active,
  pathname,
}: {
  id: string;
  label: string;
  groups: { heading: string; items: NavItem[] }[];
  active: boolean;
  pathname: string;
}) {
  return (
    <div className="group/dropdown relative">
      <button
        type="button"
        popoverTarget={id}
        // Down arrow opens it on its first link: the page script (page-script.server.ts).
        data-dropdown-button=""
        className={`${linkBase} inline-flex items-center gap-1 ${active ? linkActive : linkIdle}`}
      >
        {label}
        <Icon
          drawing={ChevronDown}
          className="size-4 transition-transform group-has-[:popover-open]/dropdown:rotate-180"
        />
      </button>
      <div
        id={id}
        popover="auto"
        className="header-dropdown-panel"
        // Tabbing out of it closes it: the page script.
        data-dropdown-panel=""
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
                      onClick={closeOwnPopover}
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

function MobileMenu({ navigation, pathname }: { navigation: CatalogueNavigation; pathname: string }) {
  const linkClass = (href: string) =>
    `block rounded-md px-3 py-3 text-base ${
      pathname === href ? "bg-navy-50 font-semibold text-navy-900" : "text-slate-800 hover:bg-navy-50"
    }`;
  const renderLinks = (items: NavItem[]) =>
    items.map((item) => (
      <li key={item.href}>
        <Link
          to={item.href}
          onClick={closeOwnPopover}
          aria-current={pathname === item.href ? "page" : undefined}
          className={linkClass(item.href)}
        >
          {item.label}
        </Link>
      </li>
    ));

  return (
    <nav id="mobile-menu" aria-label="Mobile" popover="auto" className="mobile-menu-panel lg:hidden">
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
