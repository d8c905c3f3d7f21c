import type { MailKey } from './en';

/** Spanish: key for key the same as English (a missing or extra key is a type error). */
export const mailEs: Record<MailKey, string> = {
  'mail.footer.sentBy': 'Enviado por el sitio web de {siteName}.',
  'alert.contact.subject': 'Nuevo mensaje de contacto de {name}',
  'alert.chat.subject': 'Nuevo contacto desde el asistente del chat: {name}',
  'alert.video.subject': 'Videollamada finalizada ({duration})',
  'alert.contact.intro': 'Un visitante ha enviado un mensaje desde el formulario de contacto.',
  'alert.chat.intro': 'Un visitante ha pedido al asistente del chat hablar con el equipo.',
  'alert.video.intro': 'Ha finalizado una videollamada con el avatar de IA. La transcripción figura a continuación.',
  'alert.field.name': 'Nombre',
  'alert.field.email': 'Correo electrónico',
  'alert.field.company': 'Empresa',
  'alert.field.phone': 'Teléfono',
  'alert.field.service': 'Servicio de interés',
  'alert.field.language': 'Idioma',
  'alert.field.started': 'Inicio',
  'alert.field.duration': 'Duración',
  'alert.field.message': 'Mensaje',
  'alert.field.transcript': 'Transcripción',
  'alert.none': '—',
  'alert.noTranscript': 'Todavía no hay transcripción.',
  'alert.speaker.user': 'Usuario',
  'alert.speaker.assistant': 'Asistente del CEO',
  'alert.open': 'Abrir en el panel',
  'alert.seconds': '{count} s',
  'confirm.subject': 'Confirme su suscripción al boletín de {siteName}',
  'confirm.greeting': 'Hola, {name}:',
  'confirm.text':
    'Alguien, esperamos que usted, ha pedido recibir el boletín de {siteName} en esta dirección. Para confirmarlo, abra el enlace siguiente y pulse el botón.',
  'confirm.button': 'Confirmar mi suscripción',
  'confirm.ignore':
    'Si no ha sido usted, ignore este correo: no quedará suscrito y olvidaremos la dirección en un plazo de 30 días.',
  'issue.unsubscribe': 'Darse de baja',
  'issue.footer': 'Recibe este correo porque se suscribió al boletín de {siteName}.',
  'issue.testPrefix': '[Prueba]',
  // solicitud de acceso de inversores e invitación a una cuenta nueva
  'alert.investor.subject': 'Solicitud de acceso de inversor de {name}',
  'alert.investor.intro':
    'Un posible inversor ha solicitado acceso al área de inversores. Cree la cuenta desde el mensaje en el panel.',
  'invite.subject': 'Su cuenta de inversor en {siteName}',
  'invite.greeting': 'Hola, {name}:',
  'invite.text':
    'Hemos creado una cuenta de inversor para usted en {siteName}. Su nombre de usuario es {username}. Para elegir su contraseña, abra el enlace siguiente.',
  'invite.button': 'Establecer mi contraseña',
  'invite.expiry':
    'El enlace solo funciona una vez y caduca en {days} días. Después, solicítenos una nueva invitación.',
  'invite.ignore': 'Si no ha solicitado acceso, ignore este correo: nadie puede usar la cuenta sin este enlace.',
};
