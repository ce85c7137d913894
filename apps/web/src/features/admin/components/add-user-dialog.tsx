import type { Me } from '@hearth/contract';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <UserPlus aria-hidden />
          {t('addUser.title')}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{t('addUser.title')}</DialogTitle>
          <DialogDescription>
            {actor.role === 'super_admin' ? t('addUser.descriptionSuperAdmin') : t('addUser.descriptionAdmin')}
          </DialogDescription>
        </DialogHeader>
        <Tabs defaultValue="single">
          <TabsList>
            <TabsTrigger value="single">{t('addUser.single')}</TabsTrigger>
            <TabsTrigger value="csv">{t('addUser.csv')}</TabsTrigger>
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
