import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs';
import { CataloguePanel } from './catalogue-panel';
import { CirculationDesk } from './circulation-desk';
import { ImportPanel } from './import-panel';
import { HoldsPanel, LoansPanel } from './loans-panel';
import { SettingsPanel } from './settings-panel';

/** The school's Library page: catalogue, circulation desk, loans, holds, CSV import and lending rules. */
export function SchoolLibrary() {
  return (
    <div className="space-y-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold text-slate-900">Library</h1>
        <p className="text-slate-700">The catalogue, the circulation desk and who has which book.</p>
      </header>
      <Tabs defaultValue="desk">
        <TabsList aria-label="Library">
          <TabsTrigger value="desk">Circulation desk</TabsTrigger>
          <TabsTrigger value="catalogue">Catalogue</TabsTrigger>
          <TabsTrigger value="loans">Loans</TabsTrigger>
          <TabsTrigger value="holds">Holds</TabsTrigger>
          <TabsTrigger value="import">Import</TabsTrigger>
          <TabsTrigger value="settings">Lending rules</TabsTrigger>
        </TabsList>
        <TabsContent value="desk">
          <CirculationDesk />
        </TabsContent>
        <TabsContent value="catalogue">
          <CataloguePanel />
        </TabsContent>
        <TabsContent value="loans">
          <LoansPanel />
        </TabsContent>
        <TabsContent value="holds">
          <HoldsPanel />
        </TabsContent>
        <TabsContent value="import">
          <ImportPanel />
        </TabsContent>
        <TabsContent value="settings">
          <SettingsPanel />
        </TabsContent>
      </Tabs>
    </div>
  );
}
