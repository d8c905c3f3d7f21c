import type { DictionaryKey } from './en';
/** Spanish: key for key the same as English (a missing or extra key is a type error). */
export const es: Record<DictionaryKey, string> = {
  // meta
  'meta.home.title': 'Vantia Partners | Transformación digital e inversión',
  'meta.home.description':
    'Vantia Partners ayuda a empresas a transformarse con la tecnología y a acceder a capital estratégico. Consultoría en estrategia, innovación e IA desde Madrid.',
  'meta.home.keywords':
    'transformación digital, consultoría estratégica, innovación corporativa, soluciones de IA, inversión estratégica, originación de operaciones, inversores privados, Madrid',
  'meta.portfolio.title': 'Casos de éxito | Vantia Partners',
  'meta.portfolio.description':
    'Casos de éxito de Vantia Partners: cómo hemos ayudado a empresas a modernizar operaciones, lanzar productos digitales y aplicar la IA con resultados medibles.',
  'meta.portfolio.keywords':
    'casos de éxito, proyectos de transformación digital, resultados de consultoría, implantación de IA, consultoría tecnológica, portafolio Vantia Partners',
  'meta.insights.title': 'Análisis | Vantia Partners',
  'meta.insights.description':
    'Análisis y orientación práctica de Vantia Partners sobre transformación digital, inteligencia artificial, innovación e inversión estratégica para directivos.',
  'meta.insights.keywords':
    'transformación digital, estrategia de IA, gestión de la innovación, liderazgo tecnológico, inversión estratégica, artículos de empresa',
  'meta.contact.title': 'Contacto | Vantia Partners',
  'meta.contact.description':
    'Contacte con Vantia Partners para hablar de un proyecto de transformación digital o de una oportunidad de inversión. Escríbanos, llámenos por vídeo o visítenos.',
  'meta.contact.keywords':
    'contacto Vantia Partners, consultoría de transformación digital, consultoría estratégica, oportunidades de inversión, consultora en Madrid, videollamada',
  'meta.cookies.title': 'Política de cookies | Vantia Partners',
  'meta.cookies.description':
    'Cómo utiliza la web de Vantia Partners las cookies y tecnologías similares, para qué sirve cada una y cómo aceptarlas, rechazarlas o cambiar sus preferencias.',
  'meta.legal.title': 'Aviso legal | Vantia Partners',
  'meta.legal.description':
    'Aviso legal del sitio web de Vantia Partners: datos de Vantia Partners LLC, condiciones de uso, propiedad intelectual y limitación de responsabilidad.',
  'meta.privacy.title': 'Política de privacidad | Vantia Partners',
  'meta.privacy.description':
    'Cómo recoge, utiliza y protege Vantia Partners los datos personales de formularios, videollamadas, chat y newsletter, y cómo puede usted ejercer sus derechos.',
  'meta.investmentPolicy.title': 'Política de inversión responsable | Vantia Partners',
  'meta.investmentPolicy.description':
    'Principios que aplica Vantia Partners al identificar y evaluar inversiones: due diligence, gobierno corporativo, conflictos de interés y criterios ESG.',
  'meta.notFound.title': 'Página no encontrada | Vantia Partners',

  // common
  'common.skipToContent': 'Saltar al contenido principal',
  'common.loading': 'Cargando…',
  'common.error': 'Se ha producido un error',
  'common.backToHome': 'Volver al inicio',
  'common.readMore': 'Leer más',
  'common.minRead': '{readTime} min de lectura',
  'common.viewCaseStudy': 'Ver Caso de Éxito',
  'common.switchLanguageLabel': 'Ver esta página en español',
  'common.lastUpdated': 'Última actualización: {date}',
  'common.breadcrumbHome': 'Inicio',

  // nav
  'nav.primary': 'Navegación principal',
  'nav.home': 'Vantia Partners, inicio',
  'nav.services': 'Servicios',
  'nav.investment': 'Inversión',
  'nav.about': 'Quiénes somos',
  'nav.portfolio': 'Casos de éxito',
  'nav.insights': 'Análisis',
  'nav.contact': 'Contacto',
  'nav.login': 'Iniciar sesión',
  'nav.openMenu': 'Abrir menú',
  'nav.closeMenu': 'Cerrar menú',

  // hero
  'hero.eyebrow': 'Transformación digital e inversión estratégica',
  'hero.title': 'Transformación digital, de la estrategia a los resultados',
  'hero.subtitle':
    'Ayudamos a empresas consolidadas y a proyectos en crecimiento a modernizar su forma de trabajar, aplicar la IA con sentido práctico y acceder al capital que necesitan para crecer.',
  'hero.ctaServices': 'Nuestros servicios',
  'hero.ctaContact': 'Contacte con nosotros',

  // services
  'services.eyebrow': 'Qué hacemos',
  'services.title': 'Consultoría orientada a resultados medibles',
  'services.subtitle':
    'Tres áreas que trabajan como un solo equipo, desde el primer diagnóstico hasta que la solución funciona en producción.',
  'services.strategy.title': 'Estrategia y transformación',
  'services.strategy.description':
    'Analizamos dónde la tecnología puede hacer avanzar su negocio y trazamos una hoja de ruta realista que sus equipos puedan ejecutar.',
  'services.strategy.point1': 'Diagnóstico de madurez digital',
  'services.strategy.point2': 'Hoja de ruta y caso de negocio',
  'services.strategy.point3': 'Gobierno del programa y gestión del cambio',
  'services.innovation.title': 'Innovación y startups',
  'services.innovation.description':
    'Ayudamos a grandes empresas y startups a colaborar, validar con rapidez nuevos modelos de negocio y escalar los que demuestran su valor.',
  'services.innovation.point1': 'Corporate venturing e innovación abierta',
  'services.innovation.point2': 'Búsqueda de startups y proyectos piloto',
  'services.innovation.point3': 'Descubrimiento y validación de producto',
  'services.ai.title': 'Soluciones impulsadas por IA',
  'services.ai.description':
    'Identificamos los casos de uso en los que la IA aporta valor real y los implantamos con datos fiables, seguridad y un gobierno adecuado.',
  'services.ai.point1': 'Priorización de casos de uso de IA',
  'services.ai.point2': 'Automatización de procesos y asistentes de IA',
  'services.ai.point3': 'Gobierno del dato e IA responsable',

  // investment
  'investment.eyebrow': 'Inversión estratégica',
  'investment.title': 'Conectamos capital con empresas preparadas para crecer',
  'investment.subtitle':
    'Identificamos, analizamos y estructuramos oportunidades para inversores privados con el mismo rigor operativo que aplicamos a nuestros proyectos de transformación.',
  'investment.sourcing.title': 'Originación estratégica de operaciones',
  'investment.sourcing.description':
    'Detectamos oportunidades antes de que lleguen al mercado abierto, gracias a nuestra red de fundadores, asesores y socios corporativos.',
  'investment.sourcing.value1': 'Flujo de operaciones propio',
  'investment.sourcing.value2': 'Due diligence independiente',
  'investment.sourcing.value3': 'Conocimiento sectorial',
  'investment.sourcing.value4': 'Apoyo en la estructuración',
  'investment.markets.title': 'Mercados internacionales',
  'investment.markets.description':
    'Acompañamos a empresas e inversores entre Europa, América y otros mercados, con conocimiento local en cada uno de ellos.',
  'investment.markets.value1': 'Puente entre Europa y América',
  'investment.markets.value2': 'Estrategia de entrada en mercados',
  'investment.markets.value3': 'Operaciones transfronterizas',
  'investment.markets.value4': 'Red de socios locales',
  'investment.network.title': 'Red de inversores privados',
  'investment.network.description':
    'Un grupo selecto de inversores privados y family offices que coinvierten en oportunidades que hemos analizado, con información clara en cada paso.',
  'investment.network.value1': 'Oportunidades seleccionadas',
  'investment.network.value2': 'Acceso a coinversiones',
  'investment.network.value3': 'Información transparente',
  'investment.network.value4': 'Visión a largo plazo',
  'investment.cta.title': '¿Busca su próxima inversión?',
  'investment.cta.text':
    'Cuéntenos sus criterios y le presentaremos las oportunidades que encajen con ellos, junto con nuestro análisis.',
  'investment.cta.explore': 'Explorar oportunidades',
  'investment.cta.contact': 'Hable con nuestros expertos',

  // about
  'about.eyebrow': 'Quiénes somos',
  'about.title': 'Una firma boutique con perfiles sénior en cada proyecto',
  'about.p1':
    'Vantia Partners nació en 2020 para ayudar a las empresas a convertir la tecnología en resultados y para conectar negocios con potencial con el capital que necesitan para crecer. Somos una sociedad de responsabilidad limitada estadounidense (LLC) y nuestro equipo trabaja desde Madrid con clientes y socios de varios países.',
  'about.p2':
    'Trabajamos en equipos reducidos, dirigidos por consultores con experiencia, codo con codo con su equipo y no en paralelo. Cada proyecto empieza con un diagnóstico claro, fija objetivos medibles y termina cuando el cambio está implantado y su equipo puede gestionarlo por sí mismo.',
  'about.stat1.value': '2020',
  'about.stat1.label': 'Año de fundación',
  'about.stat2.value': '+40',
  'about.stat2.label': 'Programas de transformación',
  'about.stat3.value': '3',
  'about.stat3.label': 'Continentes en nuestra red de inversores',
  'about.ceoQuote':
    'La tecnología solo crea valor cuando cambia la forma de trabajar de una empresa, y ese es el cambio que nos comprometemos a conseguir.',
  'about.ceoRole': 'Fundador y CEO',

  // portfolio
  'portfolio.eyebrow': 'Casos de éxito',
  'portfolio.title': 'Proyectos que hablan por sus resultados',
  'portfolio.subtitle':
    'Una selección de proyectos en los que hemos ayudado a nuestros clientes a modernizarse, innovar y crecer.',
  'portfolio.seeMore': 'Ver más',
  'portfolio.contact': 'Contactar',
  'portfolio.empty': 'Todavía no hay casos de éxito publicados.',
  'portfolio.listHeading': 'Todos los Casos de Éxito',
  'portfolio.listIntro':
    'Cada caso recoge el reto al que se enfrentaba el cliente, el enfoque que aplicamos y los resultados obtenidos.',
  'portfolio.listEmpty': 'No hay elementos de portafolio disponibles en este momento.',
  'portfolio.defaultCategory': 'Soluciones tecnológicas',
  'portfolio.clientSuccessStory': 'Caso de éxito de cliente',
  'portfolio.keyResults': 'Resultados clave',
  'portfolio.noMetrics': 'No hay métricas disponibles',
  'portfolio.technologiesUsed': 'Tecnologías utilizadas',
  'portfolio.loading': 'Cargando caso de éxito…',
  'portfolio.notFoundTitle': 'Caso de éxito no encontrado',
  'portfolio.notFoundText': 'El caso de éxito que busca no existe.',

  // calls to action
  'cta.transform.title': '¿Quiere transformar su empresa?',
  'cta.transform.text':
    'Cuéntenos en qué punto se encuentra su empresa y adónde quiere llegar. Le propondremos un primer paso claro.',
  'cta.contactExperts': 'Hable con nuestros expertos',
  'cta.guidance.title': '¿Necesita asesoramiento experto?',
  'cta.guidance.text': 'Hable con nuestro equipo sobre su situación y le ayudaremos a decidir el siguiente paso.',
  'cta.detail.title': '¿Busca resultados como estos?',
  'cta.detail.text': 'Hablemos de cómo aplicar un enfoque similar en su empresa.',
  'cta.detail.services': 'Conozca nuestros servicios',
  'cta.detail.contact': 'Contacte con nosotros',
  'cta.insight.title': '¿Quiere recibir nuestros próximos análisis?',
  'cta.insight.text': 'Suscríbase a nuestro boletín o hable con nosotros sobre cómo se aplica este tema a su empresa.',
  'cta.insight.subscribe': 'Suscribirse al boletín',
  'cta.insight.contact': 'Hablemos de este tema',

  // insights
  'insights.eyebrow': 'Análisis',
  'insights.title': 'Perspectivas sobre tecnología, estrategia e inversión',
  'insights.subtitle':
    'Análisis prácticos para directivos que toman decisiones sobre transformación digital, IA y crecimiento.',
  'insights.seeMore': 'Ver más',
  'insights.empty': 'Todavía no hay artículos publicados.',
  'insights.listHeading': 'Análisis',
  'insights.listIntro':
    'Artículos de nuestro equipo sobre transformación digital, inteligencia artificial, innovación e inversión.',
  'insights.listEmpty': 'No hay artículos disponibles en este momento.',
  'insights.listError': 'No hemos podido cargar los artículos. Inténtelo de nuevo más tarde.',
  'insights.loading': 'Cargando artículo…',
  'insights.notFoundTitle': 'Artículo no encontrado',
  'insights.notFoundText': 'El artículo que busca no existe.',
  'insights.related': 'Artículos relacionados',
  'preview.banner': 'Vista previa: así se verá la página. Aún no está publicada, o no así.',
  'preview.expiredTitle': 'Este enlace de vista previa ha caducado',
  'preview.expiredText': 'Los enlaces de vista previa valen 7 días. Pida uno nuevo.',
  'preview.invalidTitle': 'Este enlace de vista previa no es válido',
  'preview.invalidText': 'Puede que el enlace esté incompleto. Pida uno nuevo.',
  'insights.by': 'Por {author}',
  'insights.searchLabel': 'Buscar artículos',
  'insights.searchPlaceholder': 'Buscar por tema o palabra clave',
  'insights.searchSubmit': 'Buscar',
  'insights.searchResults.one': '{count} resultado para «{query}»',
  'insights.searchResults.other': '{count} resultados para «{query}»',
  'insights.searchNone': 'Ningún artículo coincide con «{query}».',
  'insights.clearSearch': 'Borrar búsqueda',
  'insights.rss': 'Canal RSS',

  // contact section
  'contact.eyebrow': 'Contacto',
  'contact.title': 'Hablemos de su próximo paso',
  'contact.subtitle': 'Elija el canal que mejor le convenga. Una persona de nuestro equipo atenderá cada consulta.',
  'contact.video.title': 'Videollamada',
  'contact.video.text':
    'Inicie una conversación por vídeo desde su navegador para comentar su proyecto, sin descargar nada.',
  'contact.newsletter.title': 'Newsletter',
  'contact.newsletter.text': 'Un resumen mensual de nuestros análisis sobre transformación, IA e inversión.',
  'contact.form.title': 'Formulario de contacto',
  'contact.form.text':
    'Háblenos de su empresa y de sus objetivos, y le responderá la persona adecuada de nuestro equipo.',
  'contact.emailLabel': 'Correo electrónico',
  'contact.officeLabel': 'Oficina',

  // forms
  'form.name': 'Nombre',
  'form.fullName': 'Nombre completo',
  'form.email': 'Correo electrónico',
  'form.company': 'Empresa',
  'form.phone': 'Teléfono',
  'form.service': 'Servicio de interés',
  'form.servicePlaceholder': 'Seleccione un servicio',
  'form.message': 'Mensaje',
  'form.optional': 'opcional',
  'form.send': 'Enviar mensaje',
  'form.sending': 'Enviando…',
  'form.sentSummary': 'Lo que nos ha enviado',
  'form.sendAnother': 'Enviar otro mensaje',
  'form.subscribe': 'Suscribirse',
  'form.subscribing': 'Suscribiendo…',
  'service.digital-transformation': 'Transformación digital',
  'service.corporate-innovation': 'Innovación corporativa',
  'service.ai-solutions': 'Soluciones impulsadas por IA',
  'service.strategy-consulting': 'Consultoría estratégica',
  'service.investment': 'Oportunidades de inversión',
  'validation.nameRequired': 'El nombre es obligatorio',
  'validation.emailInvalid': 'Dirección de correo electrónico no válida',
  'validation.messageRequired': 'El mensaje es obligatorio',
  'toast.contactSuccessTitle': '¡Mensaje enviado correctamente!',
  'toast.contactSuccessText': 'Nos pondremos en contacto con usted lo antes posible.',
  'toast.contactErrorTitle': 'Error al enviar el mensaje',
  'toast.contactErrorText': 'Inténtelo de nuevo más tarde.',
  'toast.newsletterSuccessTitle': 'Ya casi está: confirme su correo',
  'toast.newsletterSuccessText': 'Le hemos enviado un correo para confirmar la suscripción.',
  'toast.newsletterDuplicate': 'Este correo electrónico ya está suscrito a nuestra newsletter.',
  'toast.newsletterError': 'No se ha podido completar la suscripción. Inténtelo de nuevo.',
  'toast.close': 'Cerrar notificación',

  // the newsletter card's data-protection note
  'newsletter.privacy': 'Como máximo, un correo al mes. Puede darse de baja en cualquier momento.',
  'newsletter.privacyLink': 'Política de privacidad',

  // video call card
  'video.calling': '{name} le está llamando',
  'video.start': 'Iniciar videollamada',
  'video.starting': 'Iniciando…',
  'video.fullscreen': 'Pantalla completa',
  'video.exitFullscreen': 'Salir de pantalla completa',
  'video.end': 'Finalizar llamada',
  'video.recordingNotice':
    'Esta llamada se graba y se transcribe para poder atender su solicitud; encontrará más información en nuestra política de privacidad.',
  'video.notConfigured': 'Las videollamadas no están disponibles en este momento. Utilice el formulario de contacto.',
  'video.successTitle': 'Conversación iniciada',
  'video.successText': 'Su videollamada ya está lista. Permita el acceso a la cámara y al micrófono.',
  'video.error': 'No se ha podido iniciar la conversación. Inténtelo de nuevo.',
  'video.aiDisclosure':
    'Avatar de IA: esta llamada es con un avatar de inteligencia artificial de {name}, no con {name} en persona.',

  // chat widget
  'chat.open': 'Escríbanos',
  'chat.close': 'Cerrar chat',
  'chat.title': 'Experto en tecnología',
  'chat.aiLabel': 'Asistente de IA',
  'chat.subtitle': 'Suele responder en segundos',
  'chat.greeting':
    'Hola, soy el asistente de inteligencia artificial (IA) de Vantia Partners y trabajo con el equipo de {ceo}. Soy un asistente automático, no una persona. ¿Qué le gustaría saber sobre la transformación digital de su empresa?',
  'chat.placeholder': 'Escriba su mensaje…',
  'chat.send': 'Enviar',
  'chat.typing': 'El asistente está escribiendo',
  'chat.fallback':
    'Disculpe, parece que ha habido un problema técnico. ¿Podría contarme algo más sobre su empresa y sobre cómo podemos ayudarle con nuestras soluciones de transformación digital?',
  'chat.talkToPerson': 'Hablar con una persona',
  'chat.talkToPersonMessage': 'Quisiera hablar con una persona de su equipo.',
  'chat.yes': 'Sí',
  'chat.no': 'No',
  'chat.slots': 'Horas libres para una llamada',
  'chat.sources': 'Fuentes',
  'chat.source.portfolio': 'Caso de éxito',
  'chat.source.insight': 'Análisis',

  // footer
  'footer.tagline':
    'Ayudamos a las empresas a crecer gracias a la tecnología y las conectamos con capital estratégico.',
  'footer.navigation': 'Navegación',
  'footer.legal': 'Legal',
  'footer.contact': 'Contacto',
  'footer.cookies': 'Política de cookies',
  'footer.legalNotice': 'Aviso legal',
  'footer.privacy': 'Política de privacidad',
  'footer.investmentPolicy': 'Política de inversión responsable',
  'footer.copyright': '© {year} {company}. Todos los derechos reservados.',

  // not found page
  'notFound.title': '404 Página no encontrada',
  'notFound.text':
    'Lo sentimos, no encontramos esa página. Puede que se haya trasladado o que la dirección contenga un error.',
  'notFound.home': 'Ir a la página de inicio',

  // policy pages
  'policy.effective': 'En vigor desde: {date}',
  'assistant.replyLanguage': 'Spanish (Castilian, formal "usted")',
  'assistant.leadConsent':
    'Con mucho gusto le pongo en contacto con nuestro equipo. Para ello necesito guardar su nombre, su correo electrónico y su empresa y trasladarlos a nuestros socios, como explica nuestra [política de privacidad]({privacyUrl}). ¿Está de acuerdo? Responda sí o no, por favor.',
  'assistant.leadName': 'Gracias. ¿Cuál es su nombre?',
  'assistant.leadEmail': '¿A qué correo electrónico le escribimos, {name}?',
  'assistant.leadEmailInvalid':
    'Eso no parece una dirección de correo electrónico. ¿Podría revisarla y enviarla de nuevo?',
  'assistant.leadCompany': '¿En qué empresa trabaja? (Puede responder «ninguna».)',
  'assistant.leadDone':
    'Gracias, {name}. He trasladado sus datos a nuestro equipo y alguien le escribirá a {email} en un plazo de un día hábil.',
  'assistant.leadDeclined':
    'Ningún problema: no he guardado nada. También puede escribirnos mediante el [formulario de contacto]({contactUrl}).',
  'assistant.meetingOffer':
    'Con mucho gusto le organizo una llamada de 30 minutos con uno de nuestros socios. Estas son las próximas horas libres (hora de Madrid): elija una abajo o consulte todas en la [página de reservas]({bookUrl}).',
  'assistant.meetingChoose':
    'Elija una de las horas de abajo, por favor, o consulte todas las horas libres en la [página de reservas]({bookUrl}).',
  'assistant.meetingTaken':
    'Lo sentimos, alguien acaba de reservar esa hora. Estas son las próximas horas libres (hora de Madrid): elija una abajo o consulte todas en la [página de reservas]({bookUrl}).',
  'assistant.meetingSlot': '{when} (hora de Madrid)',
  'assistant.meetingConsent':
    'Perfecto: {when}. Para reservarla necesito su nombre, su correo electrónico, su empresa y el tema que quiere tratar, y trasladarlos a nuestro socio, como explica nuestra [política de privacidad]({privacyUrl}). ¿Está de acuerdo? Responda sí o no, por favor.',
  'assistant.meetingTopic': 'Por último, ¿de qué le gustaría hablar?',
  'assistant.meetingPartner': 'uno de nuestros socios',
  'assistant.meetingBooked':
    'Listo, {name}: su reunión con {partner} queda reservada para el {when}. He enviado la invitación a {email}, con un enlace para cancelarla o cambiarla.',
  'assistant.meetingLimit':
    'Hoy no puedo reservar más reuniones desde aquí. Inténtelo de nuevo mañana o escríbanos mediante el [formulario de contacto]({contactUrl}).',
  'assistant.meetingUpcoming':
    'Esa dirección de correo ya tiene {max} reuniones pendientes con nosotros, el máximo por dirección. Para reservar otra, cancele antes una con el enlace de su correo de confirmación, o escríbanos mediante el [formulario de contacto]({contactUrl}).',
  'assistant.meetingError':
    'Algo ha fallado y la reunión no se ha reservado. Inténtelo de nuevo en la [página de reservas]({bookUrl}).',
  'assistant.refuse':
    'Estoy aquí para ayudarle con preguntas sobre los servicios, el enfoque de inversión, los casos de éxito y los análisis de Vantia Partners, así que no puedo ayudarle con eso. ¿Hay algo sobre transformación digital o inversión en lo que pueda ayudarle?',
  'assistant.unknown':
    'No tengo información sobre eso y prefiero no suponer. Nuestro equipo le responderá con gusto directamente: escríbanos mediante el [formulario de contacto]({contactUrl}) o pídame que le ponga en contacto.',
  'assistant.hello': '¡Hola! ¿Qué le gustaría saber sobre nuestro trabajo?',
  'assistant.found': 'Esto es lo que puedo contarle a partir de nuestra web:',
  'assistant.offerContact': '¿Quiere que le ponga en contacto con nuestro equipo?',
  'assistant.overview': 'Esto es, en resumen, lo que hacemos:',
  'whatsapp.disclosure':
    'Soy el asistente de IA de Vantia Partners: un asistente automático, no una persona. Escriba BAJA en cualquier momento y no volveré a escribirle.',
  'whatsapp.textOnly': 'Lo siento, aquí solo puedo leer mensajes de texto. ¿Podría escribir su pregunta?',
  'whatsapp.chooseSlot.one': 'Responda 1 para elegir esta hora.',
  'whatsapp.chooseSlot.other': 'Responda con el número de la hora que prefiera ({choices}).',
  'whatsapp.stopped': 'Entendido: no recibirá más mensajes de este asistente. Gracias por escribir a Vantia Partners.',
  'video.greeting':
    'Hola, soy el avatar de IA de {name}, CEO de Vantia Partners: está hablando con una inteligencia artificial, no con {name} en persona. Gracias por llamar. Hábleme de su empresa y de lo que le gustaría conseguir.',
  // stored categories (an English string in each record) and how Spanish pages show them
  'category.aiInnovation': 'Innovación en IA',
  'category.digitalTransformation': 'Transformación digital',
  'category.investmentManagement': 'Gestión de inversiones',
  'category.aiDrivenSolutions': 'Soluciones impulsadas por IA',
  'category.innovationStartups': 'Innovación y startups',
  'category.strategyConsulting': 'Consultoría estratégica',
  'category.strategicInvestment': 'Inversión estratégica',
  'category.technologySolutions': 'Soluciones tecnológicas',
  // the chat transcript filed with a lead from the assistant
  'chatLead.transcriptHeader': 'Contacto desde el asistente del chat. Conversación:',
  'chatLead.visitor': 'Visitante',
  'chatLead.assistant': 'Asistente',
  'footer.country': 'España',
  // daily limits on what one visitor can send (docs/security.md#what-one-visitor-can-make-the-site-spend): shown on a 429
  'limit.title': 'Límite diario alcanzado',
  'limit.contact': 'Se ha alcanzado el límite de mensajes de hoy. Inténtelo de nuevo mañana.',
  'limit.newsletter': 'Se ha alcanzado el límite de suscripciones de hoy. Inténtelo de nuevo mañana.',
  'limit.chat':
    'Hemos alcanzado el límite de mensajes del chat de hoy, así que no puedo responder más por hoy. Vuelva mañana o utilice el formulario de contacto.',
  'limit.video':
    'Se ha alcanzado el límite de videollamadas de hoy desde su conexión. Inténtelo de nuevo mañana o utilice el formulario de contacto.',
  'formResult.invalid': 'Corrija los campos señalados y vuelva a enviar el formulario.',
  'formResult.back': 'Volver a la página de inicio',
  'launcher.chatLoading': 'Abriendo el chat…',
  'launcher.videoLoading': 'Preparando la videollamada…',
  'launcher.noScript':
    'Esto necesita JavaScript, que está desactivado en este navegador. Puede escribirnos con el formulario de contacto.',
  // hero: a panel of recent case-study results (or the firm's figures when there are none)
  'hero.results.title': 'Resultados recientes',
  'hero.results.firmTitle': 'Vantia Partners en cifras',
  'hero.results.all': 'Todos los casos de éxito',
  // not-found page: where to go from here
  'notFound.helpTitle': 'Por dónde seguir',
  'notFound.portfolio': 'Nuestros casos de éxito',
  'notFound.insights': 'Nuestros análisis',
  'notFound.contact': 'Hable con nuestro equipo',
  // contact form: the data-protection note under the form, and what happens after sending
  'contact.form.privacy':
    'Vantia Partners LLC trata sus datos solo para atender su consulta y los conserva hasta 12 meses desde la última comunicación. Puede ejercer en cualquier momento sus derechos de acceso, rectificación y supresión, entre otros.',
  'contact.form.privacyLink': 'Política de privacidad',
  'toast.contactNextSteps':
    'Una persona de nuestro equipo le responderá por correo electrónico en un plazo de un día hábil.',
  'toast.newsletterCheckEmail': 'La suscripción se activa cuando abra el enlace que contiene.',
  'newsletterConfirm.title': 'Confirme su suscripción',
  'newsletterConfirm.text': 'Pulse el botón para confirmar que desea recibir nuestro boletín.',
  'newsletterConfirm.button': 'Confirmar mi suscripción',
  'newsletterConfirm.done': 'Su suscripción está confirmada. ¡Gracias!',
  'newsletterConfirm.invalid': 'Este enlace no es válido o ha caducado. Vuelva a suscribirse.',
  'newsletterUnsubscribe.title': 'Darse de baja del boletín',
  'newsletterUnsubscribe.text': 'Pulse el botón para dejar de recibir nuestro boletín.',
  'newsletterUnsubscribe.button': 'Darme de baja',
  'newsletterUnsubscribe.done': 'Se ha dado de baja. No recibirá más números del boletín.',
  'newsletterUnsubscribe.invalid': 'Este enlace no es válido.',
  'services.listLabel': 'Servicios que ofrecemos',
  // solicitud de acceso de inversores (issue 13): /es/request-access y la página de la invitación
  'meta.access.title': 'Solicitar acceso de inversor | Vantia Partners',
  'meta.access.description':
    'Los posibles inversores pueden solicitar acceso al área de inversores de Vantia Partners: novedades, informes y oportunidades.',
  'access.eyebrow': 'Inversores',
  'access.title': 'Solicitar acceso de inversor',
  'access.intro':
    'Cuéntenos algo sobre usted y sobre en qué invierte. Nuestro equipo de relación con inversores revisa cada solicitud.',
  'access.next.title': 'Qué ocurre después',
  'access.next.1': 'Revisamos su solicitud, normalmente en dos días hábiles.',
  'access.next.2':
    'Si encaja, creamos su cuenta de inversor y le enviamos por correo un enlace para elegir su contraseña.',
  'access.next.3': 'Con ella accede al área de inversores: novedades, informes y documentos compartidos con usted.',
  'access.name': 'Nombre completo',
  'access.email': 'Correo electrónico',
  'access.company': 'Empresa o family office',
  'access.ticketSize': 'Tamaño del ticket',
  'access.ticket.choose': 'Elija un rango',
  'access.ticket.under-250k': 'Menos de 250.000 €',
  'access.ticket.250k-1m': 'De 250.000 € a 1 millón de €',
  'access.ticket.1m-5m': 'De 1 a 5 millones de €',
  'access.ticket.over-5m': 'Más de 5 millones de €',
  'access.sectors': 'Sectores de interés',
  'access.sector.technology': 'Tecnología y software',
  'access.sector.ai': 'Inteligencia artificial',
  'access.sector.fintech': 'Fintech',
  'access.sector.health': 'Salud',
  'access.sector.energy': 'Energía y clima',
  'access.sector.industry': 'Industria',
  'access.sector.consumer': 'Consumo',
  'access.sector.real-estate': 'Inmobiliario',
  'access.regions': 'Regiones',
  'access.region.spain': 'España',
  'access.region.europe': 'Resto de Europa',
  'access.region.latin-america': 'Latinoamérica',
  'access.region.north-america': 'Norteamérica',
  'access.region.global': 'Global',
  'access.chooseSome': 'Elija una o varias.',
  'access.accredited': 'Confirmo que soy un inversor acreditado o profesional.',
  'access.consent': 'He leído y acepto la política de privacidad.',
  'access.privacyLink': 'Leer la política de privacidad',
  'access.submit': 'Solicitar acceso',
  'access.haveAccount': '¿Ya es inversor?',
  'access.signIn': 'Iniciar sesión',
  'access.sent.title': 'Gracias, hemos recibido su solicitud.',
  'access.sent.text':
    'Nuestro equipo de relación con inversores la revisará, normalmente en dos días hábiles. Si encaja, recibirá un correo con un enlace para elegir su contraseña.',
  'access.invalid': 'Revise los campos: todos son obligatorios, y al menos un sector y una región.',
  'access.fieldError.name': 'Indique su nombre completo.',
  'access.fieldError.email': 'Indique una dirección de correo electrónico válida.',
  'access.fieldError.company': 'Indique su empresa o family office.',
  'access.fieldError.ticketSize': 'Elija un tamaño de ticket.',
  'access.fieldError.sectors': 'Elija al menos un sector.',
  'access.fieldError.regions': 'Elija al menos una región.',
  'access.fieldError.accredited': 'Confirme que es un inversor acreditado o profesional.',
  'access.fieldError.consent': 'Acepte la política de privacidad.',
  'access.limit': 'Hoy se han enviado demasiadas solicitudes. Inténtelo de nuevo mañana o escríbanos.',
  'access.error': 'No se ha podido enviar su solicitud. Inténtelo de nuevo más tarde.',
  'access.summary.title': 'Solicitud de acceso de inversor.',
  'access.summary.accredited': 'Confirmado: inversor acreditado o profesional.',
  'access.summary.language': 'Idioma',
  'setPassword.title': 'Elija su contraseña',
  'setPassword.intro': 'Elija la contraseña de su cuenta de inversor. Debe tener al menos 12 caracteres.',
  'setPassword.username': 'Nombre de usuario',
  'setPassword.password': 'Nueva contraseña',
  'setPassword.confirm': 'Repita la contraseña',
  'setPassword.submit': 'Establecer mi contraseña',
  'setPassword.done':
    'Su contraseña está establecida. Ya puede iniciar sesión con su nombre de usuario y su contraseña.',
  'setPassword.signIn': 'Iniciar sesión',
  'setPassword.invalid': 'Este enlace no es válido.',
  'setPassword.expired': 'Este enlace ha caducado. Solicítenos una nueva invitación.',
  'setPassword.used': 'Este enlace ya se ha utilizado. Inicie sesión.',
  'setPassword.weak': 'La contraseña debe tener al menos 12 caracteres.',
  'setPassword.mismatch': 'Las dos contraseñas no coinciden.',
  // El equipo, los clientes y sus testimonios en la página de inicio
  'team.eyebrow': 'Nuestro equipo',
  'team.title': 'Los socios que dirigen su proyecto',
  'team.subtitle': 'Profesionales sénior desde la primera reunión hasta la última entrega.',
  'team.linkedin': '{name} en LinkedIn',
  'team.cta': 'Hable con un socio',
  'clients.eyebrow': 'Clientes',
  'clients.title': 'Empresas que confían en nosotros',
  'clients.logos': 'Algunos de nuestros clientes',
  // Reuniones (docs/product.md, "Meetings"): /book y sus páginas
  'meta.book.title': 'Reservar una reunión | Vantia Partners',
  'meta.book.description':
    'Reserve una llamada introductoria gratuita de 30 minutos con un socio de Vantia Partners: elija una hora en las próximas dos semanas y reciba la invitación en su calendario.',
  'meta.bookConfirmed.title': 'Reunión reservada | Vantia Partners',
  'meta.bookManage.title': 'Su reunión | Vantia Partners',
  'meta.bookCancelled.title': 'Reunión cancelada | Vantia Partners',
  'cta.book': 'Reservar una llamada',
  'contact.book.text': '¿Prefiere hablar? Reserve una llamada gratuita de 30 minutos con uno de nuestros socios.',
  'contact.book.link': 'Reservar una llamada',
  'notFound.book': 'Reserve una llamada con un socio',
  'book.eyebrow': 'Reuniones',
  'book.title': 'Reserve una llamada introductoria',
  'book.intro':
    'Elija un hueco libre de 30 minutos con uno de nuestros socios en las próximas dos semanas y cuéntenos quién es y de qué le gustaría hablar. Le enviaremos la invitación a su calendario por correo electrónico.',
  'book.timeZone.madrid': 'Las horas se muestran en hora de Madrid (Europe/Madrid).',
  'book.timeZone.local': 'Las horas se muestran en su zona horaria ({zone}), con la hora de Madrid al lado.',
  'book.madridTime': '{time} en Madrid',
  'book.slots.legend': 'Elija una hora',
  'book.slots.withPartner': 'con {partner}',
  'book.empty.title': 'No hay horas libres en las próximas dos semanas',
  'book.empty.text':
    'Nuestros socios no tienen huecos libres en este momento. Escríbanos mediante el formulario de contacto y buscaremos una hora con usted.',
  'book.empty.contact': 'Ir al formulario de contacto',
  'book.details': 'Sus datos',
  'book.name': 'Nombre completo',
  'book.email': 'Correo electrónico',
  'book.company': 'Empresa (opcional)',
  'book.topic': '¿De qué le gustaría hablar?',
  'book.consent': 'Acepto que Vantia Partners utilice estos datos para organizar y celebrar esta reunión.',
  'book.privacyLink': 'Lea nuestra política de privacidad',
  'book.submit': 'Reservar la reunión',
  'book.fieldError.start': 'Elija una de las horas disponibles.',
  'book.fieldError.name': 'Introduzca su nombre.',
  'book.fieldError.email': 'Introduzca un correo electrónico válido.',
  'book.fieldError.company': 'El nombre de la empresa es demasiado largo.',
  'book.fieldError.topic': 'Cuéntenos brevemente de qué le gustaría hablar.',
  'book.fieldError.consent': 'Acepte la política de privacidad para reservar la reunión.',
  'book.result.invalid': 'La reunión no se ha reservado: revise los campos indicados más abajo.',
  'book.result.taken': 'Lo sentimos, alguien acaba de reservar esa hora. Elija otra, por favor.',
  'book.result.limit': 'Hoy se han hecho demasiadas reservas desde aquí. Inténtelo de nuevo mañana o escríbanos.',
  'book.result.upcoming':
    'Esta dirección de correo ya tiene {max} reuniones pendientes con nosotros. Para reservar otra, cancele antes una con el enlace de su correo de confirmación.',
  'book.result.error': 'Algo ha fallado y la reunión no se ha reservado. Inténtelo de nuevo.',
  'book.confirmed.title': 'Su reunión está reservada',
  'book.confirmed.when': 'Será un placer hablar con usted el {when}.',
  'book.confirmed.mail':
    'Le hemos enviado un correo electrónico con la invitación para su calendario y un enlace para cancelar o cambiar la reunión.',
  'book.confirmed.home': 'Volver a la página de inicio',
  'book.manage.title': 'Su reunión',
  'book.manage.when': 'Cuándo',
  'book.manage.with': 'Con',
  'book.manage.cancelHint':
    'Si la cancela, la hora queda libre y le enviaremos la cancelación para su calendario por correo electrónico.',
  'book.manage.cancel': 'Cancelar la reunión',
  'book.manage.move': 'Para cambiarla, reserve otra hora y después cancele esta.',
  'book.manage.another': 'Reservar otra hora',
  'book.manage.invalid': 'Este enlace no es válido. Abra el enlace completo de su correo electrónico.',
  'book.manage.cancelled': 'Esta reunión se ha cancelado.',
  'book.manage.past': 'Esta reunión ya ha tenido lugar.',
  'book.cancelled.title': 'Reunión cancelada',
  'book.cancelled.text':
    'Su reunión se ha cancelado y la hora vuelve a estar libre. Le hemos enviado la cancelación por correo electrónico.',
  'book.cancelled.gone': 'Esta reunión ya estaba cancelada o ya ha tenido lugar.',
  'book.cancelled.invalid': 'Este enlace no es válido. Abra el enlace completo de su correo electrónico.',
  'book.cancelled.error': 'Algo ha fallado y la reunión no se ha cancelado. Inténtelo de nuevo.',
};
