import { describe, expect, it } from "vitest";
import { agencyPermissions, agencyTabs, permissionsOfRoles } from "./agency-roles";

describe("the agency roles", () => {
  it("give an employee exactly the seven views", () => {
    expect([...agencyPermissions("AgenturMitarbeiter")].sort()).toEqual(
      ["AuftragsReport", "EmpfehlerReport", "Einladungstool", "Praemien", "Stammdaten", "StatistikReport", "Verwaltung"].sort(),
    );
  });

  it("give the owner those plus Rechnungen and Mitarbeiter", () => {
    expect([...agencyPermissions("AgenturInhaber")].sort()).toEqual(
      [...agencyPermissions("AgenturMitarbeiter"), "Mitarbeiter", "Rechnungen"].sort(),
    );
  });

  it("give an unknown role, or a name of an object's own property, no rights", () => {
    for (const role of ["Praktikant", "", "constructor", "__proto__", "toString"]) expect(agencyPermissions(role)).toEqual([]);
    expect(permissionsOfRoles(["Praktikant", "AgenturMitarbeiter"])).toEqual([...agencyPermissions("AgenturMitarbeiter")]);
  });

  it("show an employee six tabs and the owner eight", () => {
    const tabsOf = (role: string) => agencyTabs.filter((tab) => agencyPermissions(role).includes(tab.permission)).map((tab) => tab.key);
    expect(tabsOf("AgenturMitarbeiter")).toEqual(["dashboard", "recommend-employees", "einladungen", "empfehlungen", "leads", "auftraege"]);
    expect(tabsOf("AgenturInhaber")).toEqual([...tabsOf("AgenturMitarbeiter"), "rechnungen", "mitarbeiter"]);
  });
});
