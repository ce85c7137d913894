import type { Me } from '@hearth/contract';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { CsvImportForm } from './csv-import-form';
import { SingleUserForm } from './single-user-form';

export function AddUserDialog({ actor }: { actor: Me }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <UserPlus aria-hidden />
          Add User
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Add User</DialogTitle>
          <DialogDescription>
            {actor.role === 'super_admin'
              ? 'New accounts join your organisation.'
              : 'New accounts join your organisation, with you as their admin.'}
          </DialogDescription>
        </DialogHeader>
        <Tabs defaultValue="single">
          <TabsList>
            <TabsTrigger value="single">Single User</TabsTrigger>
            <TabsTrigger value="csv">CSV Import</TabsTrigger>
          </TabsList>
          <TabsContent value="single">
            <SingleUserForm actor={actor} onCreated={() => setOpen(false)} />
          </TabsContent>
          <TabsContent value="csv">
            <CsvImportForm actor={actor} />
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}
