// The moddle extension for Flowable's namespace (http://flowable.org/bpmn, prefix `flowable`): a user
// task's assignee, candidate users and candidate groups, and a start event's initiator, as XML
// attributes. Registered with the modeler (moddleExtensions.flowable) so that they are read as
// properties, written back under the `flowable:` prefix, and survive a save unchanged.
export const FLOWABLE_URI = 'http://flowable.org/bpmn'

export const flowableModdle = {
  name: 'Flowable',
  uri: FLOWABLE_URI,
  prefix: 'flowable',
  xml: { tagAlias: 'lowerCase' },
  associations: [],
  types: [
    {
      name: 'Assignable',
      isAbstract: true,
      extends: ['bpmn:UserTask'],
      properties: [
        { name: 'assignee', isAttr: true, type: 'String' },
        { name: 'candidateUsers', isAttr: true, type: 'String' },
        { name: 'candidateGroups', isAttr: true, type: 'String' },
      ],
    },
    {
      name: 'Initiator',
      isAbstract: true,
      extends: ['bpmn:StartEvent'],
      properties: [{ name: 'initiator', isAttr: true, type: 'String' }],
    },
  ],
  enumerations: [],
}
